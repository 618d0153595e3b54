// @warrant/authority: what a person decides, bound to exactly what they were shown. Exports what
// the README documents: the decision channel, identity binding, the canonical digest and its
// Ed25519 signatures, revealing invisible text, and the step-authorization contract.
export {
  createDecisionChannel,
  type DecisionChannel,
  type DecisionChannelOptions,
  type DecisionChannelSnapshot,
} from './decision-channel.ts';
export { formatReference, requireIdentity } from './identity-binding.ts';
export { canonicalDigest, canonicalJson, DigestInputError, sha256Hex } from './digest.ts';
export { revealInvisible } from './reveal-invisible.ts';
export {
  fromBase64,
  newSigningKey,
  signCanonical,
  signingKeyFrom,
  toBase64,
  verifyCanonical,
  verifyCanonicalAsync,
  type SigningKey,
} from './signature.ts';
export {
  approvalChallenge,
  authorizedArgsDigest,
  AUTHORIZATION_FIELD,
  AUTHORIZATION_MAX_LENGTH,
  decodeStepAuthorization,
  deskSignatureValid,
  issueStepAuthorization,
  latestGrantExpiry,
  UNDO_WINDOW_MS,
  type ApprovalStatement,
  type PasskeyAssertion,
  type StepAuthorization,
  type StepGrant,
} from './step-authorization.ts';
export {
  RUN_CLOSED_PATH,
  signRunClosure,
  STEP_AUTHORIZATION_CLOCK_SLACK_MS,
  STEP_AUTHORIZATION_TTL_MS,
  verifiedRunClosure,
  type RunClosure,
  type RunOutcome,
  type SignedRunClosure,
} from './run-closure.ts';

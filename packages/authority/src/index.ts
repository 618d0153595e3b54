export {
  createDecisionChannel,
  DEFAULT_DECISION_CODES,
  type DecideReceipt,
  type DecisionChannel,
  type DecisionChannelOptions,
  type DecisionChannelSnapshot,
  type DecisionFailure,
  type DecisionOutcome,
  type DecisionReached,
  type DecisionRecord,
  type DecisionStatus,
  type DecisionWaitOptions,
} from './decision-channel.ts';
export {
  formatReference,
  requireIdentity,
  type IdentityConfirmed,
  type IdentityOptions,
  type ReferenceFormat,
} from './identity-binding.ts';
export {
  canonicalDigest,
  canonicalJson,
  DigestInputError,
  findDigestInputProblem,
  sha256Hex,
  type DigestInputProblem,
} from './digest.ts';
export { revealInvisible, type Revealed } from './reveal-invisible.ts';
export { fromBase64, newSigningKey, signCanonical, signedBytes, signingKeyFrom, toBase64, verifyCanonical, verifyCanonicalAsync, type SigningKey } from './signature.ts';
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
  type AuthorizationKind,
  type DecodedAuthorization,
  type PasskeyAssertion,
  type StepAuthorization,
  type StepGrant,
} from './step-authorization.ts';

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

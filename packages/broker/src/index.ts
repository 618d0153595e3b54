// @warrant/broker: leases across origins to the partners of a directory (their manifests), the frame host, the partner channel (native and
// message transports), the policy table, scope and compensation maps, quarantine, plan digests
// and the approval gate. Framework-free; the DOM is touched only by domFrameContainer and the
// message transports. Exports what the README documents; the rest is the package's own.

// Data
export {
  PARTNER_MANIFEST_PATH,
  readPartnerManifest,
  type PartnerManifest,
  type PartnerName,
  type PartnerTool,
  type Compensation,
} from './partner-manifest.ts';
export { MAX_LEASE_TTL_SECONDS, leaseMayMove, type LeaseState } from './lease-states.ts';
export { LEASE_PURPOSES, type LeasePurpose } from './lease-purposes.ts';
export type { Actor, ActClass, PolicyPurpose, ApprovalState, PolicyVerdict } from './policy-table.ts';
export {
  REQUEST_ID_PATTERN,
  IDEMPOTENCY_KEY_PATTERN,
  RECEIPT_ID_PATTERN,
  WRITE_CONTROL_SCHEMA,
  OUTCOME_UNKNOWN_CODES,
  READING_FIELD,
  type OutcomeUnknownCode,
  type PartnerReading,
  type PartnerWriteSuccess,
} from './partner-contract.ts';
export type { Hop } from './hop.ts';

// Rules over the data
export { createPartnerDirectory, type PartnerDirectory } from './partner-directory.ts';
export { evaluatePolicy, type PolicyQuery } from './policy.ts';
export { compensationFor } from './compensation.ts';
export { stepIdempotencyKey } from './idempotency-keys.ts';
export { stepInput } from './plan-step-args.ts';
export { receiptDigest, readWriteSuccess, verifyReceipt, type ReceiptKey } from './receipt.ts';
export {
  readingMatches,
  readingOf,
  readingSignedBy,
  readingStatement,
  splitReading,
  verifyReading,
} from './reading.ts';
export { hopDetail, readHopDetail } from './hop-detail.ts';

// Leases, frames, channels
export { systemClock, type BrokerClock } from './clock.ts';
export { createLeaseBook, isTerminal, type Lease, type LeaseBook } from './lease.ts';
export { domFrameContainer, type FrameContainer, type FrameSpec, type MountedFrame } from './frame-container.ts';
export { createFrameHost, type FrameHost } from './frame-host.ts';
export { framedUrl, framePurposeOf } from './frame-purpose.ts';
export { PARTNER_FAULT_REASONS } from './partner-fault.ts';
export type { PartnerChannel, PartnerCallOutcome, ChannelConnector } from './partner-channel.ts';
export { nativeChannelConnector } from './native-partner-channel.ts';
export { messageChannelConnector } from './message-partner-channel.ts';
export { servePartnerChannel, type PartnerChannelServer, type PartnerToolHost } from './serve-partner-channel.ts';
export { surfaceToolHost } from './surface-tool-host.ts';
export { PARTNER_ENVELOPE } from './partner-envelope.ts';
export { createBroker, type Broker, type BrokerOptions } from './broker.ts';

// Untrusted content, plans, approvals
export { quarantine, modelDataRegion, QUARANTINE_MAX_CHARS, type Quarantined } from './quarantine.ts';
export { planSubstance, digestPlan, digestSubstance, type Plan, type PlanStep, type PlanSubstance } from './plan.ts';
export {
  createApprovalGate,
  APPROVAL_TTL_MS,
  type Approval,
  type ApprovalAnswer,
  type ApprovalGate,
} from './approval-gate.ts';
export { commitHaltResult, commitNext, COMMIT_NEXT } from './commit-halt.ts';

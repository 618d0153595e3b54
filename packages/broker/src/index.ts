// @warrant/broker: leases across origins to the partners of a directory (their manifests), the frame host, the partner channel (native and
// message transports), the policy table, scope and compensation maps, quarantine, plan digests
// and the approval gate. Framework-free; the DOM is touched only by domFrameContainer and the
// message transports.

// Data
export {
  PARTNER_MANIFEST_PATH,
  readPartnerManifest,
  type PartnerManifest,
  type PartnerName,
  type PartnerTool,
  type ToolAccess,
  type Compensation,
  type ArgumentSource,
  type ManifestReading,
} from './partner-manifest.ts';
export { LEASE_STATES, TERMINAL_STATES, LEASE_EVENTS, LEASE_TRANSITIONS, MAX_LEASE_TTL_SECONDS, type LeaseState, type LeaseEvent } from './lease-states.ts';
export { LEASE_PURPOSES, type LeasePurpose } from './lease-purposes.ts';
export {
  ACTORS,
  ACT_CLASSES,
  POLICY_PURPOSES,
  APPROVAL_STATES,
  POLICY_VERDICTS,
  POLICY_TABLE,
  type Actor,
  type ActClass,
  type PolicyPurpose,
  type ApprovalState,
  type PolicyVerdict,
  type PolicyRule,
} from './policy-table.ts';
export {
  REQUEST_ID_PATTERN,
  IDEMPOTENCY_KEY_PATTERN,
  RECEIPT_ID_PATTERN,
  WRITE_CONTROL_SCHEMA,
  OUTCOME_UNKNOWN_CODES,
  type OutcomeUnknownCode,
  type PartnerReceipt,
  type PartnerWriteSuccess,
} from './partner-contract.ts';
export { type Hop, type HopEvent, type HopStatus, type RecordHop } from './hop.ts';

// Rules over the data
export { createPartnerDirectory, type PartnerDirectory } from './partner-directory.ts';
export { evaluatePolicy, matchingRules, type PolicyQuery, type PolicyDecision } from './policy.ts';
export { compensationFor, type DoneWrite, type UndoCall } from './compensation.ts';
export { stepIdempotencyKey, undoIdempotencyKey } from './idempotency-keys.ts';
export { stepInput } from './plan-step-args.ts';
export { receiptDigest, readWriteSuccess, verifyReceipt, type ReceiptKey } from './receipt.ts';
export { hopDetail, readHopDetail } from './hop-detail.ts';

// Leases, frames, channels
export { systemClock, type BrokerClock } from './clock.ts';
export { createLeaseBook, isTerminal, type Lease, type LeaseBook, type LeaseBookOptions, type LeaseCause, type LeaseTransition, type LeaseAnswer, type OpenLease } from './lease.ts';
export { domFrameContainer, type FrameContainer, type FrameSpec, type MountedFrame } from './frame-container.ts';
export { createFrameHost, type FrameHost, type FrameHostOptions } from './frame-host.ts';
export { framedUrl, framePurposeOf } from './frame-purpose.ts';
export { PARTNER_FAULTS, PARTNER_FAULT_REASONS, isPartnerFault, type PartnerFault } from './partner-fault.ts';
export {
  type PartnerChannel,
  type PartnerCallOutcome,
  type ChannelFailureCode,
  type CallShape,
  type ChannelConnector,
  type ConnectRequest,
  type RejectedMessage,
} from './partner-channel.ts';
export { openNativePartnerChannel, nativeChannelConnector } from './native-partner-channel.ts';
export { openMessagePartnerChannel, messageChannelConnector, type MessagePartnerChannelOptions } from './message-partner-channel.ts';
export { servePartnerChannel, type ServePartnerChannelOptions, type PartnerChannelServer, type PartnerToolHost, type PartnerWindow } from './serve-partner-channel.ts';
export { surfaceToolHost, type SurfaceToolHostOptions } from './surface-tool-host.ts';
export {
  PARTNER_ENVELOPE,
  PARTNER_ENVELOPE_VERSION,
  readDeskMessage,
  readPartnerMessage,
  type DeskMessage,
  type PartnerMessage,
} from './partner-envelope.ts';
export { createBroker, type Broker, type BrokerOptions, type ActContext, type CallContext, type PartnerCallResult, type PartnerCallSuccess } from './broker.ts';

// Untrusted content, plans, approvals
export { quarantine, modelDataRegion, regionBoundary, QUARANTINE_MAX_CHARS, type Quarantined } from './quarantine.ts';
export { planSubstance, digestPlan, digestSubstance, type PartnerOrigins, type Plan, type PlanStep, type PlanSubstance, type PlanDigest } from './plan.ts';
export { createApprovalGate, APPROVAL_TTL_MS, type Approval, type ApprovalStatus, type ApprovalGate, type ApprovalGateOptions, type ApprovalAnswer } from './approval-gate.ts';
export { commitHaltResult, COMMIT_NEXT, type CommitHalt } from './commit-halt.ts';

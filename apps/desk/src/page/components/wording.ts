// The desk's words for people. Codes stay in the fine print; these are what a dispatcher reads.
import { SITES, type Site } from '@warrant/config';
import type { LeasePurpose, LeaseState, PartnerName } from '@warrant/broker';
import type { Actor, Channel, LedgerEvent, PolicyVerdict, Status } from '@warrant/base';
import type { RequestStatus } from '../../domain/queries.ts';
import type { StepStatus } from '../../domain/run.ts';

export const EVENT_WORDS: Readonly<Record<LedgerEvent, string>> = {
  verb_called: 'Desk verb called',
  lease_opened: 'Lease opened',
  frame_mounted: 'Partner site mounted',
  tools_discovered: 'Partner tools found',
  tool_invoked: 'Partner tool called',
  tool_result: 'Partner answered',
  approval_raised: 'Approval asked for',
  approval_granted: 'Approved by a person',
  approval_signed: "Signed with a dispatcher's passkey",
  dispatcher_enrolled: 'Dispatcher enrolled',
  dispatcher_invited: 'Dispatcher invited',
  dispatcher_removed: 'Dispatcher removed',
  request_taken: 'Request taken by a dispatcher',
  request_released: 'Request released',
  request_taken_over: 'Request taken over',
  approval_rejected: 'Rejected by a person',
  approval_void: 'Approval voided',
  frame_unmounted: 'Partner site removed',
  lease_closed: 'Lease closed',
  lease_expired: 'Lease ran out',
  lease_revoked: 'Lease revoked',
  policy_denied: 'Refused by policy',
  lease_failed: 'Lease failed',
  approval_expired: 'Approval expired',
  plan_started: 'Approved plan started',
  plan_finished: 'Approved plan finished',
  step_compensated: 'Step undone',
  compensation_failed: 'Undo failed',
  bridge_forged: 'Forged message ignored',
};

export const ACTOR_WORDS: Readonly<Record<Actor, string>> = {
  human: 'A person',
  agent: 'An agent',
  runner: 'The scenario runner',
  system: 'The desk',
};

export const CHANNEL_WORDS: Readonly<Record<Channel, string>> = {
  ui: 'on the page',
  webmcp: 'over WebMCP',
  bridge: 'over the bridge',
  agent: 'in-page agent',
  scenario: 'in the scenario',
};

export const POLICY_WORDS: Readonly<Record<PolicyVerdict, string>> = {
  allow: 'allowed',
  deny: 'denied',
  needs_approval: 'needs approval',
  not_applicable: '—',
};

export const STATUS_WORDS: Readonly<Record<Status, string>> = {
  ok: 'done',
  refused: 'refused',
  halted: 'halted',
  error: 'failed',
  aborted: 'aborted',
};

export const LEASE_WORDS: Readonly<Record<LeaseState, string>> = {
  pending: 'mounting',
  active: 'active',
  closed: 'closed',
  expired: 'ran out',
  revoked: 'revoked',
  failed: 'failed',
};

/** What a lease is for, as the sentence "<partner> to <purpose>" says it. */
export const PURPOSE_WORDS: Readonly<Record<LeasePurpose, string>> = {
  read_capacity: 'read capacity',
  execute_plan: 'run an approved plan',
};

export const REQUEST_WORDS: Readonly<Record<RequestStatus, string>> = {
  new: 'New',
  leased: 'Partners leased',
  planned: 'Plan drafted',
  awaiting_approval: 'Waiting for approval',
  running: 'Plan running',
  fulfilled: 'Done',
};

export const STEP_WORDS: Readonly<Record<StepStatus, string>> = {
  waiting: 'waiting',
  running: 'running',
  done: 'done',
  failed: 'failed',
  undone: 'undone',
  undo_failed: 'undo failed — still applied',
  skipped: 'not run',
};

export function partnerTitle(partner: PartnerName | string): string {
  return (SITES as Readonly<Partial<Record<string, Site>>>)[partner]?.title ?? partner;
}

export function siteWord(site: string): string {
  if (site === '') return '';
  if (site === 'desk') return 'Desk';
  return partnerTitle(site);
}

/** Seconds as "2 min 05 s" or "45 s". */
export function duration(seconds: number): string {
  const whole = Math.max(0, Math.ceil(seconds));
  if (whole < 60) return `${whole} s`;
  return `${Math.floor(whole / 60)} min ${String(whole % 60).padStart(2, '0')} s`;
}

export function clockTime(at: number | string): string {
  return new Date(at).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', second: '2-digit' });
}

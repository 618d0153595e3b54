// Approvals bound to a plan's digest. An approval is raised pending, expires 15 minutes later if
// no one decides it, and is decided once: approving re-digests the plan as it is now and voids
// the approval on any difference of substance (a relabel is none), so what runs is exactly what
// the person was shown. `approved` lasts while the run that spent it executes; `used` after.
import { refusal, type ToolRefusal } from '@warrant/surface';
import { systemClock, type BrokerClock } from './clock.ts';
import { digestPlan, type PartnerOrigins, type Plan } from './plan.ts';
import type { Actor, ApprovalState } from './policy-table.ts';

export type ApprovalStatus = Exclude<ApprovalState, 'none'>;

export interface Approval {
  /** `A-n`. */
  readonly id: string;
  readonly plan: string;
  readonly request: string;
  /** The plan's label when it was raised (not part of the digest). */
  readonly label: string;
  readonly digest: string;
  /** The canonical JSON that was hashed, for the approval card. */
  readonly canonical: string;
  readonly raisedBy: Actor;
  readonly raisedAt: number;
  readonly expiresAt: number;
  readonly status: ApprovalStatus;
  readonly decidedBy: Actor | null;
  readonly decidedAt: number | null;
  /** Why it was voided, rejected or expired. */
  readonly reason: string | null;
}

export const APPROVAL_TTL_MS = 15 * 60 * 1000;

export type ApprovalAnswer = { readonly ok: true; readonly approval: Approval } | ToolRefusal;

export interface ApprovalGate {
  /** Digests the plan and raises approval `A-n`, pending. Runs nothing. */
  raise(plan: Plan, by: Actor): Promise<ApprovalAnswer>;
  /**
   * Takes in a pending approval the record's keeper raised for this page (its id, digest and times
   * are the keeper's, not this gate's): kept, timed, and told to this gate's listeners, as a raise is.
   */
  adopt(approval: Approval): ApprovalAnswer;
  /** A person approves: the plan is re-digested; a mismatch voids the approval. Spends it. */
  approve(id: string, plan: Plan, by: Actor): Promise<ApprovalAnswer>;
  reject(id: string, by: Actor, reason?: string): ApprovalAnswer;
  /** The run that spent an approved approval has ended. */
  finish(id: string): ApprovalAnswer;
  /** Re-digests a pending approval's plan as it is now; voids the approval if it changed in substance. */
  revalidate(id: string, plan: Plan): Promise<ApprovalAnswer>;
  /**
   * Takes in an approval another page of the same record raised or moved, as it stands there: kept
   * (and timed, if pending) without telling this gate's listeners, who would record it again.
   */
  learn(approval: Approval): void;
  get(id: string): Approval | undefined;
  list(): Approval[];
  /** The approval's state for the policy table; `none` for no id, `void` for an id no one raised. */
  stateOf(id: string | null | undefined): ApprovalState;
  subscribe(listener: (approval: Approval) => void): () => void;
  dispose(): void;
}

export interface ApprovalGateOptions {
  /** Where the plans' partners are (a partner directory): a plan is digested with their origins. */
  readonly partners: PartnerOrigins;
  readonly clock?: BrokerClock;
  readonly ttlMs?: number;
  /** Approvals kept from before a reload. An `approved` one had its run cut off by the reload: it comes back `used`, unless its run is taken up. */
  readonly restore?: readonly Approval[];
  /**
   * Restored `approved` approvals whose cut-off run this page takes up again: they stay `approved`
   * while it runs, and `finish` spends them when it ends.
   */
  readonly takenUp?: readonly string[];
  /**
   * The number of the next approval, asked as each is raised: where several pages raise approvals
   * on one record, a number the record's keeper reserved for this page. Unset, counted here.
   */
  readonly nextNumber?: () => number;
}

const STATUS_CODES: Readonly<Record<Exclude<ApprovalStatus, 'pending'>, { code: string; said: string }>> = {
  approved: { code: 'APPROVAL_USED', said: 'has been approved already, and an approval is used once' },
  used: { code: 'APPROVAL_USED', said: 'has been used, and an approval is used once' },
  rejected: { code: 'APPROVAL_REJECTED', said: 'was rejected' },
  void: { code: 'APPROVAL_VOID', said: 'is void' },
  expired: { code: 'APPROVAL_EXPIRED', said: 'expired undecided' },
};

export function createApprovalGate(options: ApprovalGateOptions): ApprovalGate {
  const clock = options.clock ?? systemClock;
  const ttlMs = options.ttlMs ?? APPROVAL_TTL_MS;
  const approvals = new Map<string, Approval>();
  const timers = new Map<string, unknown>();
  const listeners = new Set<(approval: Approval) => void>();
  let next = 1;

  const set = (approval: Approval): Approval => {
    approvals.set(approval.id, approval);
    if (approval.status !== 'pending' && timers.has(approval.id)) {
      clock.clearTimer(timers.get(approval.id));
      timers.delete(approval.id);
    }
    for (const listener of [...listeners]) {
      try {
        listener(approval);
      } catch (error) {
        queueMicrotask(() => {
          throw error;
        });
      }
    }
    return approval;
  };

  const end = (approval: Approval, status: ApprovalStatus, by: Actor, reason: string | null): Approval =>
    set({ ...approval, status, decidedBy: by, decidedAt: clock.now(), reason });

  const expireIfDue = (approval: Approval): Approval =>
    approval.status === 'pending' && clock.now() >= approval.expiresAt
      ? end(approval, 'expired', 'system', 'no one decided it within 15 minutes')
      : approval;

  const arm = (approval: Approval): void => {
    timers.set(
      approval.id,
      clock.setTimer(
        () => {
          timers.delete(approval.id);
          const current = approvals.get(approval.id);
          if (current) expireIfDue(current);
        },
        Math.max(0, approval.expiresAt - clock.now()),
      ),
    );
  };

  const unknown = (id: string): ToolRefusal =>
    refusal('APPROVAL_UNKNOWN', `There is no approval ${id}. Nothing was decided.`, { approval: id });

  const notPending = (approval: Approval): ToolRefusal => {
    const status = STATUS_CODES[approval.status as keyof typeof STATUS_CODES];
    return refusal(
      status.code,
      `Approval ${approval.id} ${status.said}${approval.reason ? ` (${approval.reason})` : ''}. Nothing ran. Commit the plan again to raise a new approval.`,
      {
        approval: approval.id,
        status: approval.status,
      },
    );
  };

  /** The approval if it is pending and in time, or the refusal that says why not. */
  const pending = (id: string): Approval | ToolRefusal => {
    const found = approvals.get(id);
    if (!found) return unknown(id);
    const current = expireIfDue(found);
    return current.status === 'pending' ? current : notPending(current);
  };

  const isRefusal = (value: Approval | ToolRefusal): value is ToolRefusal => 'ok' in value;

  /** Re-digests `plan` against a pending approval; voids it on any difference of substance. */
  const rebind = async (id: string, plan: Plan): Promise<Approval | ToolRefusal> => {
    const before = pending(id);
    if (isRefusal(before)) return before;
    if (plan.id !== before.plan) {
      return refusal(
        'APPROVAL_WRONG_PLAN',
        `Approval ${id} is for ${before.plan}, not ${plan.id}. Nothing was decided.`,
        { approval: id, plan: before.plan, given: plan.id },
      );
    }
    const digested = await digestPlan(plan, options.partners);
    // The digest took a task or more: look again before acting on what it found.
    const current = pending(id);
    if (isRefusal(current)) return current;
    if (!digested.ok || digested.digest !== current.digest) {
      const reason = digested.ok
        ? `the plan changed in substance: its digest is now ${digested.digest}`
        : `the plan can no longer be digested: ${digested.message}`;
      const voided = end(current, 'void', 'system', reason);
      return refusal(
        'APPROVAL_VOID',
        `Approval ${id} is void: ${reason}; it was raised for ${current.digest}. Nothing ran. Commit the plan again to raise a new approval.`,
        {
          approval: id,
          status: voided.status,
          expected: current.digest,
          ...(digested.ok ? { found: digested.digest } : {}),
        },
      );
    }
    return current;
  };

  for (const kept of options.restore ?? []) {
    const number = Number(/^A-(\d+)$/.exec(kept.id)?.[1] ?? 0);
    next = Math.max(next, number + 1);
    const cutOff = kept.status === 'approved' && !(options.takenUp ?? []).includes(kept.id);
    const approval: Approval = cutOff
      ? { ...kept, status: 'used', reason: kept.reason ?? 'the page went away during its run' }
      : kept;
    approvals.set(approval.id, approval);
    if (approval.status === 'pending') arm(approval);
  }

  return {
    learn(approval) {
      const number = Number(/^A-(\d+)$/.exec(approval.id)?.[1] ?? 0);
      next = Math.max(next, number + 1);
      approvals.set(approval.id, approval);
      if (approval.status === 'pending') {
        if (!timers.has(approval.id)) arm(approval);
      } else if (timers.has(approval.id)) {
        clock.clearTimer(timers.get(approval.id));
        timers.delete(approval.id);
      }
    },
    async raise(plan, by) {
      const digested = await digestPlan(plan, options.partners);
      if (!digested.ok) return digested;
      const at = clock.now();
      const approval: Approval = {
        id: `A-${options.nextNumber ? options.nextNumber() : next}`,
        plan: plan.id,
        request: plan.request,
        label: plan.label,
        digest: digested.digest,
        canonical: digested.canonical,
        raisedBy: by,
        raisedAt: at,
        expiresAt: at + ttlMs,
        status: 'pending',
        decidedBy: null,
        decidedAt: null,
        reason: null,
      };
      next += 1;
      set(approval);
      arm(approval);
      return { ok: true, approval };
    },

    adopt(approval) {
      if (approval.status !== 'pending' || approvals.has(approval.id))
        return refusal(
          'APPROVAL_NOT_NEW',
          `Approval ${approval.id} is not a new pending approval here. Nothing was raised.`,
          { approval: approval.id, status: approval.status },
        );
      const number = Number(/^A-(\d+)$/.exec(approval.id)?.[1] ?? 0);
      next = Math.max(next, number + 1);
      set(approval);
      arm(approval);
      return { ok: true, approval };
    },

    async approve(id, plan, by) {
      if (by !== 'human')
        return refusal('APPROVAL_NOT_HUMAN', `Only a person approves; ${by} cannot. Nothing was decided.`, {
          approval: id,
          actor: by,
        });
      const bound = await rebind(id, plan);
      if (isRefusal(bound)) return bound;
      // rebind's answer came back through a promise, and another decision on the same approval may
      // have landed in between: look again in the task that decides, so it is decided once.
      const current = pending(id);
      if (isRefusal(current)) return current;
      return { ok: true, approval: end(current, 'approved', by, null) };
    },

    reject(id, by, reason) {
      if (by !== 'human')
        return refusal('APPROVAL_NOT_HUMAN', `Only a person rejects an approval; ${by} cannot. Nothing was decided.`, {
          approval: id,
          actor: by,
        });
      const current = pending(id);
      if (isRefusal(current)) return current;
      return { ok: true, approval: end(current, 'rejected', by, reason ?? 'rejected by a person') };
    },

    finish(id) {
      const current = approvals.get(id);
      if (!current) return unknown(id);
      if (current.status !== 'approved') {
        return refusal(
          'APPROVAL_NOT_RUNNING',
          `Approval ${id} is ${current.status}, not approved and running. Nothing changed.`,
          { approval: id, status: current.status },
        );
      }
      return { ok: true, approval: set({ ...current, status: 'used' }) };
    },

    async revalidate(id, plan) {
      const current = await rebind(id, plan);
      return isRefusal(current) ? current : { ok: true, approval: current };
    },

    get: (id) => {
      const found = approvals.get(id);
      return found ? expireIfDue(found) : undefined;
    },
    list: () => [...approvals.values()].map(expireIfDue),

    stateOf(id) {
      if (id === null || id === undefined || id === '') return 'none';
      const found = approvals.get(id);
      return found ? expireIfDue(found).status : 'void';
    },

    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },

    dispose() {
      for (const handle of timers.values()) clock.clearTimer(handle);
      timers.clear();
      listeners.clear();
    },
  };
}

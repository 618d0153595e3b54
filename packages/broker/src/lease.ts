// Leases: open one (time to live at most 300 s), move it through the lease table, end it. A lease
// ends by a timer at its time to live, and is also checked at every call, so a timer that a
// throttled tab fires late never lets a call through. Transitions are announced synchronously,
// in order, so whoever removes a frame does it in the same task as the transition.
import { refusal, type ToolRefusal } from '@warrant/surface';
import { systemClock, type BrokerClock } from './clock.ts';
import {
  LEASE_TRANSITIONS,
  MAX_LEASE_TTL_SECONDS,
  TERMINAL_STATES,
  type LeaseEvent,
  type LeaseState,
} from './lease-states.ts';
import { LEASE_PURPOSES, type LeasePurpose } from './lease-purposes.ts';
import type { PartnerName } from './partner-manifest.ts';
import type { Actor, PolicyVerdict } from './policy-table.ts';

export interface Lease {
  /** `L-n`. */
  readonly id: string;
  readonly partner: PartnerName;
  readonly purpose: LeasePurpose;
  /** The desk request the lease serves. */
  readonly request: string;
  /** For an execute_plan lease: the plan and the approval whose run opened it. */
  readonly plan: string | null;
  readonly approval: string | null;
  readonly openedBy: Actor;
  readonly ttlSeconds: number;
  readonly openedAt: number;
  readonly expiresAt: number;
  readonly state: LeaseState;
  readonly endedAt: number | null;
  readonly endReason: string | null;
}

export interface OpenLease {
  readonly partner: PartnerName;
  readonly purpose: LeasePurpose;
  readonly ttlSeconds: number;
  readonly request: string;
  readonly plan?: string;
  readonly approval?: string;
}

/** Who moved the lease, under which verdict and desk verb, and why. */
export interface LeaseCause {
  readonly actor: Actor;
  /** How the caller that moved it reached the host, for the record; '' for the host's own machinery. */
  readonly channel?: string;
  readonly policy?: PolicyVerdict;
  readonly verb?: string;
  readonly reason?: string;
  /**
   * The move is already on the record: another writer (the desk's server closing a request's
   * leases at its run's end) recorded it, and this book follows. Whoever records lease moves
   * records nothing of its own about it.
   */
  readonly recorded?: boolean;
}

export interface LeaseTransition {
  /** The lease after the transition. */
  readonly lease: Lease;
  /** Null when the lease was just opened. */
  readonly from: LeaseState | null;
  readonly event: LeaseEvent | 'open';
  readonly cause: Required<LeaseCause>;
  readonly at: number;
}

export type LeaseAnswer = { readonly ok: true; readonly lease: Lease } | ToolRefusal;

export interface LeaseBook {
  open(request: OpenLease, cause: LeaseCause): LeaseAnswer;
  /** Applies `event` if the lease table has it for the lease's state; otherwise refuses and changes nothing. */
  apply(id: string, event: LeaseEvent, cause: LeaseCause): LeaseAnswer;
  /** The check made at every call: the lease is active and within its time (a lease past it expires now). */
  check(id: string): LeaseAnswer;
  get(id: string): Lease | undefined;
  list(): Lease[];
  /** Leases that are pending or active. */
  live(): Lease[];
  /** Fails every live lease (the page is going away: its frames go with it). */
  endAll(reason: string): void;
  subscribe(listener: (transition: LeaseTransition) => void): () => void;
  /** Stops the timers and drops the listeners; leases keep the states they have. */
  dispose(): void;
}

export interface LeaseBookOptions {
  /** The partners a lease may be opened on (a partner directory's names). Without it, any partner name the broker passed on. */
  readonly partners?: readonly PartnerName[];
  readonly clock?: BrokerClock;
  /** The number of the first lease, so ids stay unique across reloads (`L-n`). Default 1. */
  readonly firstNumber?: number;
  /**
   * The number of the next lease, asked as each opens: where several pages open leases on one
   * record, a number the record's keeper reserved for this page. Unset, counted here from firstNumber.
   */
  readonly nextNumber?: () => number;
}

export function isTerminal(state: LeaseState): boolean {
  return TERMINAL_STATES.includes(state);
}

const REQUEST_MAX_LENGTH = 128;

export function createLeaseBook(options: LeaseBookOptions = {}): LeaseBook {
  const clock = options.clock ?? systemClock;
  const leases = new Map<string, Lease>();
  const timers = new Map<string, unknown>();
  const listeners = new Set<(transition: LeaseTransition) => void>();
  let next = options.firstNumber ?? 1;

  // A listener may move a lease while being told of another move (a mount that fails at once).
  // Announcements are queued so every listener hears every transition in the order they happened.
  const queue: LeaseTransition[] = [];
  let announcing = false;
  const announce = (transition: LeaseTransition): void => {
    queue.push(transition);
    if (announcing) return;
    announcing = true;
    try {
      for (let item = queue.shift(); item; item = queue.shift()) {
        for (const listener of [...listeners]) {
          try {
            listener(item);
          } catch (error) {
            // One failing listener must not stop the others from hearing that a lease ended.
            queueMicrotask(() => {
              throw error;
            });
          }
        }
      }
    } finally {
      announcing = false;
    }
  };

  const resolved = (cause: LeaseCause): Required<LeaseCause> => ({
    actor: cause.actor,
    channel: cause.channel ?? '',
    policy: cause.policy ?? 'not_applicable',
    verb: cause.verb ?? '',
    reason: cause.reason ?? '',
    recorded: cause.recorded ?? false,
  });

  const unknown = (id: string): ToolRefusal =>
    refusal('UNKNOWN_LEASE', `There is no lease ${id}. Nothing was changed. Open a lease first.`, { lease: id });

  const book: LeaseBook = {
    open(request, cause) {
      const partners = options.partners;
      if (
        typeof request.partner !== 'string' ||
        (request.partner as string) === '' ||
        (partners !== undefined && !partners.includes(request.partner))
      ) {
        return refusal('UNKNOWN_PARTNER', `${String(request.partner)} is not a partner. No lease was opened.`, {
          partner: request.partner,
          ...(partners ? { partners: [...partners] } : {}),
        });
      }
      if (!LEASE_PURPOSES.includes(request.purpose)) {
        return refusal('UNKNOWN_PURPOSE', `${String(request.purpose)} is not a lease purpose. No lease was opened.`, {
          purpose: request.purpose,
          purposes: [...LEASE_PURPOSES],
        });
      }
      const ttl = request.ttlSeconds;
      if (!Number.isInteger(ttl) || ttl < 1 || ttl > MAX_LEASE_TTL_SECONDS) {
        return refusal(
          'LEASE_TTL_OUT_OF_RANGE',
          `A lease lives between 1 and ${MAX_LEASE_TTL_SECONDS} whole seconds; ${String(ttl)} was asked. No lease was opened.`,
          { ttlSeconds: ttl, max: MAX_LEASE_TTL_SECONDS },
        );
      }
      if (
        typeof request.request !== 'string' ||
        request.request === '' ||
        request.request.length > REQUEST_MAX_LENGTH
      ) {
        return refusal('REQUEST_REQUIRED', 'A lease serves one desk request: name it. No lease was opened.', {
          request: request.request ?? null,
        });
      }
      if (request.purpose === 'execute_plan' && (typeof request.approval !== 'string' || request.approval === '')) {
        return refusal(
          'APPROVAL_REQUIRED',
          "An execute_plan lease is opened for an approved plan's run and names its approval. No lease was opened.",
          {},
        );
      }
      const at = clock.now();
      const lease: Lease = {
        id: `L-${options.nextNumber ? options.nextNumber() : next}`,
        partner: request.partner,
        purpose: request.purpose,
        request: request.request,
        plan: request.plan ?? null,
        approval: request.approval ?? null,
        openedBy: cause.actor,
        ttlSeconds: ttl,
        openedAt: at,
        expiresAt: at + ttl * 1000,
        state: 'pending',
        endedAt: null,
        endReason: null,
      };
      next += 1;
      leases.set(lease.id, lease);
      timers.set(
        lease.id,
        clock.setTimer(() => {
          timers.delete(lease.id);
          book.apply(lease.id, 'expire', { actor: 'system', reason: `its time to live of ${ttl} s ran out` });
        }, ttl * 1000),
      );
      announce({ lease, from: null, event: 'open', cause: resolved(cause), at });
      return { ok: true, lease };
    },

    apply(id, event, cause) {
      const lease = leases.get(id);
      if (!lease) return unknown(id);
      const to = LEASE_TRANSITIONS[lease.state][event];
      if (!to) {
        const allowed = Object.keys(LEASE_TRANSITIONS[lease.state]);
        return refusal(
          'LEASE_TRANSITION_REFUSED',
          `Lease ${id} is ${lease.state}; "${event}" does not apply to a ${lease.state} lease. Nothing was changed.`,
          { lease: id, state: lease.state, event, allowed },
        );
      }
      const at = clock.now();
      const ends = isTerminal(to);
      const moved: Lease = { ...lease, state: to, ...(ends ? { endedAt: at, endReason: cause.reason ?? event } : {}) };
      leases.set(id, moved);
      if (ends && timers.has(id)) {
        clock.clearTimer(timers.get(id));
        timers.delete(id);
      }
      announce({ lease: moved, from: lease.state, event, cause: resolved(cause), at });
      return { ok: true, lease: moved };
    },

    check(id) {
      const lease = leases.get(id);
      if (!lease) return unknown(id);
      if (!isTerminal(lease.state) && clock.now() >= lease.expiresAt) {
        book.apply(id, 'expire', {
          actor: 'system',
          reason: `its time to live of ${lease.ttlSeconds} s ran out (found at a call)`,
        });
      }
      const current = leases.get(id) as Lease;
      if (current.state === 'active') return { ok: true, lease: current };
      if (current.state === 'pending') {
        return refusal(
          'LEASE_PENDING',
          `Lease ${id} is still pending: the partner's frame is mounting. Nothing was called; try again once it is active.`,
          {
            lease: id,
            state: current.state,
          },
        );
      }
      return refusal(
        `LEASE_${current.state.toUpperCase()}`,
        `Lease ${id} is ${current.state}${current.endReason ? ` (${current.endReason})` : ''}. Nothing was called. Open a new lease if the work goes on.`,
        { lease: id, state: current.state, endedAt: current.endedAt },
      );
    },

    get: (id) => leases.get(id),
    list: () => [...leases.values()],
    live: () => [...leases.values()].filter((lease) => !isTerminal(lease.state)),

    endAll(reason) {
      for (const lease of book.live()) book.apply(lease.id, 'fail', { actor: 'system', reason });
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
  return book;
}

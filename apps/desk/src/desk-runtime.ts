// The desk at run time: its state as a signal, and the broker's parts wired to it. Every lease
// move and approval change becomes a desk event (so it survives a reload) and every hop a ledger
// row. A reload ends every lease that was live (its frame went with the page) and every run that
// was under way; requests, plans, pending approvals and the ledger carry on.
import { signal, type ReadonlySignal, type Signal } from '@preact/signals';
import {
  createApprovalGate,
  createBroker,
  createFrameHost,
  createLeaseBook,
  isTerminal,
  systemClock,
  type Actor,
  type Approval,
  type ApprovalGate,
  type Broker,
  type BrokerClock,
  type ChannelConnector,
  type FrameContainer,
  type FrameHost,
  type Hop,
  type Lease,
  type LeaseBook,
} from '@warrant/broker';
import type { Channel, LedgerDraft, LedgerRow } from '@warrant/ledger';
import type { ToolRefusal } from '@warrant/surface';
import { approvalRow } from './approval-record.ts';
import type { CapacityReadings } from './domain/capacity.ts';
import type { DeskEvent } from './domain/desk-events.ts';
import { applyEvent, foldEvents } from './domain/fold.ts';
import { EMPTY_DESK, type DeskState, type DiscoveredTool } from './domain/state.ts';
import { PARTNER_DIRECTORY } from './partners.ts';
import type { DeskLedger, DeskLog } from './ports.ts';
import type { Who } from './who.ts';

const PAGE_WENT_AWAY = 'the page went away';

export interface DeskRuntimeOptions {
  readonly ledger: DeskLedger;
  readonly log: DeskLog;
  /** What the desk's log held when the page opened. */
  readonly events: readonly DeskEvent[];
  /** Whether this tab is the one acting. */
  readonly acting: boolean;
  readonly container: FrameContainer;
  readonly connect: ChannelConnector;
  readonly clock?: BrokerClock;
  readonly mountTimeoutMs?: number;
}

/** A ledger row as the desk writes it: the store adds seq, chain and, if absent, at. */
export type DeskRow = Omit<LedgerDraft, 'at'> & { readonly at?: string };

export interface DeskRuntime {
  readonly state: ReadonlySignal<DeskState>;
  readonly clock: BrokerClock;
  readonly broker: Broker;
  readonly leases: LeaseBook;
  readonly frames: FrameHost;
  readonly gate: ApprovalGate;
  readonly ledger: DeskLedger;
  /** Adds an event to the desk's state now, and to its log in order. */
  apply(event: DeskEvent): void;
  /** Takes in events another tab wrote (this tab being read-only): `restarted` folds from scratch. */
  absorb(events: readonly DeskEvent[], restarted: boolean): void;
  /** Appends a ledger row, in order after every row asked for before it. */
  record(row: DeskRow): void;
  /** Runs `body` as a call by `who`, so the hops it causes are recorded on that caller's channel. */
  asCaller<T>(who: Who, body: () => Promise<T>): Promise<T>;
  /** Settles once the lease is active or has ended (or the signal aborts: then with the lease as it is). */
  settled(lease: string, signal?: AbortSignal): Promise<Lease | undefined>;
  /** Settles once every row and event asked for so far is stored. */
  flush(): Promise<void>;
  /** The ledger's rows as this tab holds them, newest last. */
  readonly rows: Signal<readonly LedgerRow[]>;
  /** What find_capacity last read, per request, for the page. */
  readonly capacity: Signal<CapacityReadings>;
  /** Why the last write to a store failed, if one did; the page shows it. */
  readonly storeProblem: ReadonlySignal<string | null>;
  now(): number;
  dispose(): void;
}

const DEFAULT_CHANNEL: Readonly<Record<Who['actor'], Channel>> = { human: 'ui', agent: 'webmcp', runner: 'scenario', system: 'ui' };

function highestNumber(ids: readonly string[]): number {
  return ids.reduce((max, id) => Math.max(max, Number(/-(\d+)$/.exec(id)?.[1] ?? 0)), 0);
}

export function createDeskRuntime(options: DeskRuntimeOptions): DeskRuntime {
  const clock = options.clock ?? systemClock;
  const iso = (): string => new Date(clock.now()).toISOString();
  const state = signal<DeskState>({ ...foldEvents(EMPTY_DESK, options.events), acting: options.acting });
  const storeProblem = signal<string | null>(null);
  let logTail: Promise<unknown> = Promise.resolve();
  let ledgerTail: Promise<unknown> = Promise.resolve();
  const callers: Who[] = [];
  const leaseChannels = new Map<string, Channel>();

  const rows = signal<readonly LedgerRow[]>(options.ledger.rows());

  const failed = (what: string, answer: { readonly ok: true } | ToolRefusal): void => {
    if (!answer.ok) storeProblem.value = `${what}: ${answer.message}`;
  };

  // Once the page is going away nothing more is recorded: a request sent while it unloads may or
  // may not arrive, so the next page to open records what became of the leases, from the record.
  let disposed = false;

  const apply = (event: DeskEvent): void => {
    state.value = applyEvent(state.value, event);
    if (!options.acting || disposed) return;
    logTail = logTail.then(async () => failed('The desk could not save its state', await options.log.append(event)));
  };

  const record = (row: DeskRow): void => {
    if (!options.acting || disposed) return;
    const draft = { at: iso(), ...row } as LedgerDraft;
    ledgerTail = ledgerTail.then(async () => {
      const answer = await options.ledger.append(draft);
      failed('The ledger could not record a row', answer);
      rows.value = options.ledger.rows();
    });
  };

  // The channel of a hop: the caller's own for a caller's act; for the desk's machinery, the
  // channel of whoever opened the lease it serves (a run's leases were opened on a person's click).
  const channelOf = (actor: Actor, lease: string): Channel => {
    if (actor === 'system') return (lease ? leaseChannels.get(lease) : undefined) ?? 'ui';
    for (let index = callers.length - 1; index >= 0; index -= 1) {
      const caller = callers[index] as Who;
      if (caller.actor === actor) return caller.channel;
    }
    return DEFAULT_CHANNEL[actor];
  };

  const recordHop = (hop: Hop): void => {
    const channel = channelOf(hop.actor, hop.lease);
    if (hop.event === 'lease_opened' && hop.lease) leaseChannels.set(hop.lease, channel);
    record({ ...hop, channel });
  };

  // A reload: live leases lost their frames with the old page, and a run under way was cut off.
  if (options.acting) {
    for (const lease of state.value.leases.filter((kept) => !isTerminal(kept.state))) {
      const ended: Lease = { ...lease, state: 'failed', endedAt: clock.now(), endReason: PAGE_WENT_AWAY };
      apply({ type: 'lease_changed', lease: ended, at: clock.now() });
      record({ actor: 'system', channel: 'ui', event: 'lease_failed', from: 'desk', to: lease.partner, request: lease.request, lease: lease.id, plan: lease.plan ?? '', approval: lease.approval ?? '', policy: 'not_applicable', status: 'error', detail: `reason="${PAGE_WENT_AWAY}"` });
    }
    for (const run of state.value.runs.filter((kept) => kept.status === 'running')) {
      apply({ type: 'run_changed', run: { ...run, status: 'failed', endedAt: iso(), problem: `${PAGE_WENT_AWAY} during the run`, steps: run.steps.map((step) => (step.status === 'running' || step.status === 'waiting' ? { ...step, status: 'skipped', problem: PAGE_WENT_AWAY } : step)) } });
      record({ actor: 'system', channel: 'ui', event: 'plan_finished', from: 'desk', to: 'desk', request: run.request, plan: run.plan, approval: run.approval, policy: 'not_applicable', status: 'error', detail: `reason="${PAGE_WENT_AWAY} during the run; steps marked done stay applied"` });
    }
  }

  const leases = createLeaseBook({ clock, firstNumber: highestNumber(state.value.leases.map((lease) => lease.id)) + 1 });
  const frames = createFrameHost({ leases, container: options.container, connect: options.connect, record: recordHop, clock, ...(options.mountTimeoutMs ? { mountTimeoutMs: options.mountTimeoutMs } : {}) });
  const gate = createApprovalGate({ partners: PARTNER_DIRECTORY, clock, restore: state.value.approvals });
  const broker = createBroker({ partners: PARTNER_DIRECTORY, leases, frames, record: recordHop, approvals: gate, clock });

  const waiters = new Set<() => void>();
  const stopLeases = leases.subscribe((transition) => {
    apply({ type: 'lease_changed', lease: transition.lease, at: transition.at });
    if (transition.event === 'discovered') {
      const tools = [...(frames.tools(transition.lease.id) ?? []), ...frames.declared(transition.lease.id)].map(
        (tool): DiscoveredTool => ({
          name: tool.name,
          description: tool.description,
          inputSchema: (tool.inputSchema ?? { type: 'object' }) as Readonly<Record<string, unknown>>,
          readOnly: tool.annotations?.readOnlyHint === true,
          untrustedContent: tool.annotations?.untrustedContentHint === true,
        }),
      );
      apply({ type: 'tools_learned', partner: transition.lease.partner, tools });
    }
    for (const wake of [...waiters]) wake();
  });
  const seen = new Map<string, Approval['status']>(state.value.approvals.map((approval) => [approval.id, approval.status]));
  const stopApprovals = gate.subscribe((approval) => {
    const before = seen.get(approval.id);
    seen.set(approval.id, approval.status);
    apply({ type: 'approval_changed', approval });
    const row = approvalRow(approval, before);
    if (row) record({ ...row, channel: channelOf(row.actor, '') });
  });

  return {
    state,
    clock,
    broker,
    leases,
    frames,
    gate,
    ledger: options.ledger,
    apply,
    absorb(events, restarted) {
      state.value = { ...foldEvents(restarted ? EMPTY_DESK : state.value, events), acting: state.value.acting };
    },
    record,
    async asCaller(who, body) {
      callers.push(who);
      try {
        return await body();
      } finally {
        callers.splice(callers.lastIndexOf(who), 1);
      }
    },
    settled(id, abort) {
      return new Promise((resolve) => {
        const look = (): boolean => {
          const lease = leases.get(id);
          if (!lease || lease.state !== 'pending' || abort?.aborted) {
            waiters.delete(wake);
            abort?.removeEventListener('abort', wake);
            resolve(lease);
            return true;
          }
          return false;
        };
        const wake = (): void => void look();
        if (look()) return;
        waiters.add(wake);
        abort?.addEventListener('abort', wake, { once: true });
      });
    },
    async flush() {
      await logTail;
      await ledgerTail;
    },
    rows,
    capacity: signal<CapacityReadings>({}),
    storeProblem,
    now: () => clock.now(),
    dispose() {
      disposed = true;
      stopLeases();
      stopApprovals();
      broker.endAll(PAGE_WENT_AWAY);
      frames.dispose();
      gate.dispose();
      leases.dispose();
    },
  };
}


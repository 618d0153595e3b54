// The desk at run time: its state as a signal, and the broker's parts wired to it. Every lease
// move and approval change becomes a desk event (so it survives a reload) and every hop a ledger
// row. A reload ends every lease its tab's page had live (its frame went with the page); a run
// that was under way on the desk's server goes on there (server/approved-runs.ts); requests,
// plans, pending approvals and the ledger carry on.
//
// Several pages act at once (several dispatchers, several tabs of one): each adds to the record
// only about the requests its dispatcher holds (the desk's server refuses the rest), asks the
// server for the number of each request, plan, lease or approval it makes (so no id is made
// twice), and, when another page wrote first (STALE_TAB), takes in what it missed and decides
// again before sending its records once more.
import { signal, type ReadonlySignal, type Signal } from '@preact/signals';
import {
  createApprovalGate,
  createBroker,
  createFrameHost,
  createLeaseBook,
  evaluatePolicy,
  isTerminal,
  PARTNER_FAULT_REASONS,
  systemClock,
  type Actor,
  type Approval,
  type ApprovalAnswer,
  type ApprovalGate,
  type Broker,
  type BrokerOptions,
  type BrokerClock,
  type ChannelConnector,
  type FrameContainer,
  type FrameHost,
  type Hop,
  type Lease,
  type LeaseBook,
} from '@warrant/broker';
import { CHANNELS, type Channel } from '@warrant/base';
import type { LedgerDraft, LedgerRow } from '@warrant/ledger';
import { refusal, type ToolRefusal } from '@warrant/surface';
import { approvalRow } from './approval-record.ts';
import { batchedAppends } from './batched-appends.ts';
import { APPEND_BODY_LIMIT_BYTES, MAX_RECORDS_PER_APPEND } from '../api/log-limits.ts';
import { THE_DESK_ITSELF, type DeskCall } from './call-context.ts';
import type { CapacityReadings } from '../domain/capacity.ts';
import type { DeskEvent } from '../domain/desk-events.ts';
import { applyEvent, foldEvents } from '../domain/fold.ts';
import type { DraftedPlan } from '../domain/plan.ts';
import type { ApprovalRaised } from '../domain/raised-approval.ts';
import type { PlanRun } from '../domain/run.ts';
import { EMPTY_DESK, type DeskState, type DiscoveredTool } from '../domain/state.ts';
import { heldByAnother } from '../domain/queries.ts';
import type { RequestHolder } from '../domain/request.ts';
import { highestNumber, type IdKind } from '../domain/id-kinds.ts';
import { eventRequest } from '../domain/event-request.ts';
import { heldByAnotherRefusal as heldRefusal } from '../domain/held-by-another.ts';
import { createPartnerReach, type PartnerBack, type PartnerDown, type PartnerReachOptions } from './partner-reach.ts';
import { PARTNER_DIRECTORY } from '../partners.ts';
import type { DeskLedger, DeskLog } from './ports.ts';
import type { PartnerRecords } from './run/ask-partner.ts';

const PAGE_WENT_AWAY = 'the page went away';
/** The lease table's event that ends a lease in each ended state. */
const LEASE_EVENT_ENDING_IN = { closed: 'close', expired: 'expire', revoked: 'revoke', failed: 'fail' } as const;
// Room left in an append's body for what goes with its records (the writer, the head it saw).
const BATCH_BYTES = APPEND_BODY_LIMIT_BYTES - 16 * 1024;

export interface DeskRuntimeOptions {
  readonly ledger: DeskLedger;
  readonly log: DeskLog;
  /** What the desk's log held when the page opened. */
  readonly events: readonly DeskEvent[];
  /** Whether a dispatcher is signed in on this page; unset, one is. With none, no verb that acts is in order. */
  readonly signedIn?: boolean;
  /** The dispatcher signed in on this page: the holder of the requests it takes in. */
  readonly dispatcher?: RequestHolder | null;
  /** This page's id, named by the leases it opens; and the id of the page this tab showed before a reload, whose leases ended with it. */
  readonly page?: string;
  readonly previousPage?: string | null;
  /**
   * Reserves the number of the next request, plan, lease or approval this page makes, at least
   * `atLeast` (the desk's server hands each number out once). Unset, counted in this page alone.
   */
  readonly reserveNumber?: (
    kind: IdKind,
    atLeast: number,
  ) => Promise<{ readonly ok: true; readonly number: number } | ToolRefusal>;
  /**
   * Asks the desk's server to raise an approval of plan `plan`, which it builds from the plan in
   * its own record (server/approval-raising.ts). Unset, the page's gate raises it alone (the Node
   * tests' pages with no server).
   */
  readonly raiseApproval?: (plan: string) => Promise<({ readonly ok: true } & ApprovalRaised) | ToolRefusal>;
  /**
   * Asks the desk's server to reject `approval` (its reject route, by the approval's challenge):
   * the page records a rejection only as the server answered it. Unset, the page's gate rejects it
   * alone (the Node tests' pages with no server).
   */
  readonly rejectApproval?: (approval: Approval) => Promise<{ readonly ok: true } | ToolRefusal>;
  readonly container: FrameContainer;
  readonly connect: ChannelConnector;
  readonly clock?: BrokerClock;
  readonly mountTimeoutMs?: number;
  /** Each partner's receipt key; given, a receipt counts only with that key's signature. */
  readonly receiptKeyOf?: BrokerOptions['receiptKeyOf'];
  /** Where a run asks what a partner holds under a key; unset, through the desk's server. */
  readonly partnerRecords?: PartnerRecords;
  /** Asks whether a partner's server answers (the desk's server asks it); given, the acting page says which partners are down. */
  readonly askPartnerReach?: PartnerReachOptions['ask'];
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
  /** The dispatcher signed in on this page, if any. */
  readonly dispatcher: RequestHolder | null;
  /** Adds an event to the desk's state now, and to its log in order. */
  apply(event: DeskEvent): void;
  /** Adds an event as apply does, answering once it is stored (after catching up and deciding again, if another page wrote first), or why not. */
  decide(event: DeskEvent): Promise<{ readonly ok: true } | ToolRefusal>;
  /**
   * Reserves, from the desk's server, the number of the next id of `kind` this page makes (a
   * request, plan or lease; an approval is numbered by the server as it raises it). A lease's
   * number is then the next one the broker gives (in the order reserved).
   */
  reserve(kind: IdKind): Promise<{ readonly ok: true; readonly number: number } | ToolRefusal>;
  /**
   * Raises an approval of `plan`, called by `by`: the desk's server raises it from its own record
   * (the page sends the plan's id, once what the page recorded before is stored), and the gate
   * takes it in as the server holds it; this page then records it as it records any approval.
   */
  raiseApproval(plan: DraftedPlan, by: Actor): Promise<ApprovalAnswer>;
  /** Where a person's reject is decided before this page records it: the desk's server, or null (no server). */
  readonly rejectAtTheServer: ((approval: Approval) => Promise<{ readonly ok: true } | ToolRefusal>) | null;
  /** Who holds `request` when it is not this page's dispatcher (null when this page may act on it). */
  heldElsewhere(request: string): RequestHolder | null;
  /** Takes in what other pages wrote to the desk's state since this page last looked. */
  catchUp(): Promise<boolean>;
  /** Takes in events another tab wrote (this tab being read-only): `restarted` folds from scratch. */
  absorb(events: readonly DeskEvent[], restarted: boolean): void;
  /** Appends a ledger row, in order after every row asked for before it. */
  record(row: DeskRow): void;
  /**
   * Records what became of an approval since its last row (raised, granted, rejected, void), as
   * part of `call`: the call that moved it says so, with its own context.
   */
  recordApproval(approval: string, call: DeskCall): void;
  /** Settles once the lease is active or has ended (or the signal aborts: then with the lease as it is). */
  settled(lease: string, signal?: AbortSignal): Promise<Lease | undefined>;
  /** Settles once every row and event asked for so far is stored. */
  flush(): Promise<void>;
  /** The approvals whose run was under way when this page opened (cut off by the page before it going away): this page takes them up. */
  readonly cutOff: ReadonlySet<string>;
  /** Where a run learns what a partner holds under a key; unset, through the desk's server (run/ask-partner.ts). */
  readonly partnerRecords: PartnerRecords | undefined;
  /** The ledger's rows as this tab holds them, newest last. */
  readonly rows: Signal<readonly LedgerRow[]>;
  /** What find_capacity last read, per request, for the page. */
  readonly capacity: Signal<CapacityReadings>;
  /** Why the last write to a store failed, if one did; the page shows it. */
  readonly storeProblem: ReadonlySignal<string | null>;
  /** The partners this page knows to be down right now (their servers cannot be reached). */
  readonly partnersDown: ReadonlySignal<readonly PartnerDown[]>;
  /** The partners that were down and came back in the last minute, said where they were said to be down. */
  readonly partnersBack: ReadonlySignal<readonly PartnerBack[]>;
  now(): number;
  dispose(): void;
}

export function createDeskRuntime(options: DeskRuntimeOptions): DeskRuntime {
  const clock = options.clock ?? systemClock;
  const iso = (): string => new Date(clock.now()).toISOString();
  // What this page is (signed in) is not folded from the record: it is kept through every fold.
  const signedIn = options.signedIn ?? true;
  const page = { signedIn };
  const dispatcher = options.dispatcher ?? null;
  const pageId = options.page ?? 'this-page';
  const state = signal<DeskState>({ ...foldEvents(EMPTY_DESK, options.events), ...page });
  const storeProblem = signal<string | null>(null);
  // The channel each lease was opened through: the hops of the machinery serving a lease (its
  // frame, its discovery, its time running out) are recorded on the channel of whoever opened it.
  const leaseChannels = new Map<string, Channel>();

  const rows = signal<readonly LedgerRow[]>(options.ledger.rows());

  /** Who holds `request` when it is not this page's dispatcher. */
  const heldElsewhere = (request: string): RequestHolder | null =>
    request === '' ? null : heldByAnother(state.value, request, dispatcher?.id ?? null);

  // The leases the record says another writer ended: this page's own word on them is not sent after.
  const endedElsewhere = new Set<string>();

  // Each record appended in order, what is asked for while an append is out going in the next.
  // Another page wrote first: take in what it wrote, and send again what still stands (nothing
  // about a request that has meanwhile passed to another dispatcher).
  const events = batchedAppends<DeskEvent>({
    appendAll: (drafts) => options.log.appendAll(drafts),
    onRefused: (refused) => void (storeProblem.value = `The desk could not save its state: ${refused.message}`),
    maxPerAppend: MAX_RECORDS_PER_APPEND,
    maxBytesPerAppend: BATCH_BYTES,
    catchUp: async (drafts) =>
      (await catchUp())
        ? drafts.map(
            (event) =>
              heldElsewhere(eventRequest(event)) === null &&
              // A lease the record ended meanwhile (the desk's server, at its run's end) is the record's.
              !(event.type === 'lease_changed' && endedElsewhere.has(event.lease.id)),
          )
        : null,
  });
  const ledgerRows = batchedAppends<LedgerDraft>({
    appendAll: (drafts) => options.ledger.appendAll(drafts),
    onRefused: (refused) => void (storeProblem.value = `The ledger could not record a row: ${refused.message}`),
    onAnswered: () => void (rows.value = options.ledger.rows()),
    maxPerAppend: MAX_RECORDS_PER_APPEND,
    maxBytesPerAppend: BATCH_BYTES,
  });

  // Once the page is going away nothing more is recorded: a request sent while it unloads may or
  // may not arrive, so the next page to open records what became of the leases, from the record.
  let disposed = false;

  /** Whether this page records `event`: a signed-in page, about no request another dispatcher holds. */
  const recordsEvent = (event: DeskEvent): boolean =>
    signedIn && !disposed && heldElsewhere(eventRequest(event)) === null;

  const apply = (event: DeskEvent): void => {
    state.value = applyEvent(state.value, event);
    if (recordsEvent(event)) events.add(event);
  };

  const decide = async (event: DeskEvent): Promise<{ readonly ok: true } | ToolRefusal> => {
    const holder = heldElsewhere(eventRequest(event));
    if (holder) return heldRefusal(eventRequest(event), holder);
    if (!signedIn || disposed)
      return refusal('NOT_SIGNED_IN', 'No dispatcher is signed in on this page. Nothing was recorded.');
    state.value = applyEvent(state.value, event);
    return events.stored(event);
  };

  // A row about a request another dispatcher holds is theirs to record, unless it records a call
  // that was refused (an attempt changes nothing, and is kept).
  const record = (row: DeskRow): void => {
    if (!signedIn || disposed) return;
    if (row.status !== 'refused' && heldElsewhere(row.request ?? '') !== null) return;
    ledgerRows.add({ at: iso(), ...row } as LedgerDraft);
  };

  // The numbers reserved for the next leases and approvals, handed to the broker in order.
  const reserved: Record<'lease' | 'approval', number[]> = { lease: [], approval: [] };
  const counted: Record<IdKind, number> = { request: 0, plan: 0, lease: 0, approval: 0 };
  const idsOf = (kind: IdKind): readonly string[] => {
    const now = state.value;
    if (kind === 'request') return now.requests.map((request) => request.id);
    if (kind === 'plan') return now.plans.map((plan) => plan.id);
    if (kind === 'lease') return [...now.leases.map((lease) => lease.id), ...leases.live().map((lease) => lease.id)];
    return [...now.approvals.map((approval) => approval.id), ...gate.list().map((approval) => approval.id)];
  };
  const reserveNumber =
    options.reserveNumber ??
    (async (kind: IdKind, atLeast: number) => ({
      ok: true as const,
      number: (counted[kind] = Math.max(counted[kind] + 1, atLeast)),
    }));
  const reserve = async (kind: IdKind) => {
    const answer = await reserveNumber(kind, highestNumber(idsOf(kind)) + 1);
    if (answer.ok && (kind === 'lease' || kind === 'approval')) reserved[kind].push(answer.number);
    return answer;
  };
  /** The next reserved number of `kind`, or, with none reserved, one past the highest this page knows. */
  const nextReserved = (kind: 'lease' | 'approval'): number =>
    reserved[kind].shift() ?? Math.max(highestNumber(idsOf(kind)) + 1, (counted[kind] += 1));

  /**
   * Takes in what other pages (and the desk's server) added to the desk's state: folded, a lease of
   * this page's that the record ended followed (its frame removed, nothing recorded again),
   * approvals learnt by the gate, ended runs acted on.
   */
  const absorb = (absorbed: readonly DeskEvent[], restarted: boolean): void => {
    state.value = { ...foldEvents(restarted ? EMPTY_DESK : state.value, absorbed), ...page };
    for (const event of absorbed) if (event.type === 'lease_changed') followRecord(event.lease);
    if (!signedIn) return;
    for (const event of absorbed) {
      if (event.type === 'approval_changed') gate.learn(event.approval);
      if (event.type === 'run_changed') afterRun(event.run);
    }
  };

  /** Catches up with what other pages wrote to the desk's state; false when it could not, or the desk started a new book. */
  const catchUp = async (): Promise<boolean> => {
    const change = await options.log.sync().catch(() => null);
    if (!change?.ok) return false;
    absorb(
      change.entries.map((entry) => entry.record),
      change.restarted,
    );
    return !change.restarted;
  };

  const isChannel = (channel: string): channel is Channel => (CHANNELS as readonly string[]).includes(channel);

  // A hop carries its caller's channel from the call's context; one of the machinery's own has
  // none, and is recorded on the channel its lease was opened through.
  const recordHop = (hop: Hop): void => {
    const channel = isChannel(hop.channel)
      ? hop.channel
      : ((hop.lease ? leaseChannels.get(hop.lease) : undefined) ?? THE_DESK_ITSELF.channel);
    if (hop.event === 'lease_opened' && hop.lease) leaseChannels.set(hop.lease, channel);
    record({ ...hop, channel });
  };

  // A reload: the leases this tab's page had live lost their frames with it, and so did any whose
  // time ran out with no page left to record it (a lease of a page before leases named their
  // page, too). Another page's live lease is its own. A run under way goes on on the desk's server.
  const cutOff = new Set(
    signedIn ? state.value.runs.filter((run) => run.status === 'running').map((run) => run.approval) : [],
  );
  const wentAway = (lease: Lease): boolean => {
    const opener = state.value.leasePages[lease.id];
    return (
      opener === undefined ||
      opener === options.previousPage ||
      lease.expiresAt < clock.now() ||
      heldElsewhere(lease.request) !== null
    );
  };
  if (signedIn) {
    // What the page's going away ended is the machinery's report: the table's lifecycle row.
    const lifecycle = (purpose: 'read_capacity' | 'execute_plan' | 'none') =>
      evaluatePolicy({ actor: 'system', act: 'lifecycle', purpose, approval: 'none' }).verdict;
    for (const lease of state.value.leases.filter(
      (kept) => !isTerminal(kept.state) && wentAway(kept) && heldElsewhere(kept.request) === null,
    )) {
      const ended: Lease = { ...lease, state: 'failed', endedAt: clock.now(), endReason: PAGE_WENT_AWAY };
      apply({ type: 'lease_changed', lease: ended, at: clock.now() });
      record({
        actor: 'system',
        channel: 'ui',
        event: 'lease_failed',
        from: 'desk',
        to: lease.partner,
        request: lease.request,
        lease: lease.id,
        plan: lease.plan ?? '',
        approval: lease.approval ?? '',
        policy: lifecycle(lease.purpose),
        status: 'error',
        detail: `reason="${PAGE_WENT_AWAY}"`,
      });
    }
  }

  // Which partners are down: a lease's page saying it lost its server marks its partner down at
  // once; any other failure of a lease (a frame that never mounted, say) has the desk's server ask.
  const reach =
    signedIn && options.askPartnerReach ? createPartnerReach({ ask: options.askPartnerReach, clock }) : null;
  const leases = createLeaseBook({
    clock,
    firstNumber: highestNumber(state.value.leases.map((lease) => lease.id)) + 1,
    nextNumber: () => nextReserved('lease'),
  });
  const frames = createFrameHost({
    leases,
    partners: PARTNER_DIRECTORY,
    container: options.container,
    connect: options.connect,
    record: recordHop,
    clock,
    onFault: (lease, fault) => {
      if (fault === 'server_unreachable') reach?.lost(lease.partner);
    },
    ...(options.mountTimeoutMs ? { mountTimeoutMs: options.mountTimeoutMs } : {}),
  });
  const gate = createApprovalGate({
    partners: PARTNER_DIRECTORY,
    clock,
    restore: state.value.approvals,
    takenUp: [...cutOff],
    nextNumber: () => nextReserved('approval'),
  });
  const broker = createBroker({
    partners: PARTNER_DIRECTORY,
    leases,
    frames,
    record: recordHop,
    approvals: gate,
    clock,
    ...(options.receiptKeyOf ? { receiptKeyOf: options.receiptKeyOf } : {}),
  });

  const waiters = new Set<() => void>();
  const stopLeases = leases.subscribe((transition) => {
    // A move already on the record (followRecord) is folded from it: nothing is written again.
    if (transition.cause.recorded) {
      for (const wake of [...waiters]) wake();
      return;
    }
    apply({ type: 'lease_changed', lease: transition.lease, at: transition.at, page: pageId });
    const faulted = Object.values(PARTNER_FAULT_REASONS).includes(transition.cause.reason);
    if (transition.event === 'fail' && !faulted) reach?.check(transition.lease.partner);
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
  /**
   * A lease the record says ended, by another writer than this page (the desk's server closing a
   * request's leases at its run's end): if this page holds it live, it ends here too — its frame
   * removed, its calls aborted — as the record says, recording nothing of its own.
   */
  function followRecord(recorded: Lease): void {
    if (!isTerminal(recorded.state)) return;
    endedElsewhere.add(recorded.id);
    const held = leases.get(recorded.id);
    if (!held || isTerminal(held.state)) return;
    leases.apply(recorded.id, LEASE_EVENT_ENDING_IN[recorded.state as keyof typeof LEASE_EVENT_ENDING_IN], {
      actor: 'system',
      reason: recorded.endReason ?? recorded.state,
      recorded: true,
    });
  }

  // The status each approval had when its last row was written. The call that moves an approval
  // writes its row (recordApproval); only time running out, which no call causes, is written here.
  const recorded = new Map<string, Approval['status']>(
    state.value.approvals.map((approval) => [approval.id, approval.status]),
  );
  const recordApproval = (id: string, call: DeskCall): void => {
    const approval = gate.get(id);
    if (!approval) return;
    const row = approvalRow(approval, recorded.get(id));
    recorded.set(id, approval.status);
    if (row) record({ ...row, channel: call.channel });
  };
  const stopApprovals = gate.subscribe((approval) => {
    apply({ type: 'approval_changed', approval });
    if (approval.status === 'expired') recordApproval(approval.id, THE_DESK_ITSELF);
  });

  const raiseApproval = async (plan: DraftedPlan, by: Actor): Promise<ApprovalAnswer> => {
    if (!options.raiseApproval) {
      const number = await reserve('approval');
      if (!number.ok) return number;
      return gate.raise(plan, by);
    }
    // The server finds the plan in the record: what this page recorded before must be there first.
    await events.settled();
    const raised = await options.raiseApproval(plan.id);
    if (!raised.ok) return raised;
    return gate.adopt({ ...raised.approval, raisedBy: by, decidedBy: null, decidedAt: null, reason: null });
  };

  /**
   * A run the desk's server ended (server/approved-runs.ts): whatever its outcome, its approval is
   * spent. The leases of its request are not closed here: the server closed them in the record with
   * the run's end (server/run-leases.ts), and this page follows that record (followRecord).
   */
  const afterRun = (run: PlanRun): void => {
    if (run.status === 'running') return;
    if (gate.get(run.approval)?.status === 'approved') gate.finish(run.approval);
  };

  return {
    state,
    clock,
    broker,
    leases,
    frames,
    gate,
    ledger: options.ledger,
    dispatcher,
    apply,
    decide,
    reserve,
    raiseApproval,
    rejectAtTheServer: options.rejectApproval ?? null,
    heldElsewhere,
    catchUp,
    absorb,
    record,
    recordApproval,
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
      await events.settled();
      await ledgerRows.settled();
    },
    cutOff,
    partnerRecords: options.partnerRecords,
    rows,
    capacity: signal<CapacityReadings>({}),
    storeProblem,
    partnersDown: reach?.down ?? signal<readonly PartnerDown[]>([]),
    partnersBack: reach?.back ?? signal<readonly PartnerBack[]>([]),
    now: () => clock.now(),
    dispose() {
      disposed = true;
      reach?.dispose();
      stopLeases();
      stopApprovals();
      broker.endAll(PAGE_WENT_AWAY);
      frames.dispose();
      gate.dispose();
      leases.dispose();
    },
  };
}

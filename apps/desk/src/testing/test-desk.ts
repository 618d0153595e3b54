// A desk for unit tests: the real runtime and rows, its two records on the browser's own
// append-only log over an in-memory IndexedDB (the same AppendOnlyLog interface the desk's
// server-kept records have in a page; those are tested against the real server), the
// broker's in-memory partners behind the partner channel, a manual clock, and the kernel over the
// in-memory WebMCP, so an agent's calls go through registration exactly as in a page.
import { IDBFactory } from 'fake-indexeddb';
import { deskLedger, jsonLogFormat, openLedgerStore, openLog } from '@warrant/ledger';
import { type ChannelConnector, type FrameContainer, type PartnerName } from '@warrant/broker';
import {
  manualBrokerClock,
  memoryPartner,
  type ManualBrokerClock,
  type MemoryPartner,
  type MemoryPartnerOptions,
} from '@warrant/broker/testing';
import { createSurface, type CallOptions, type ChangeRecord, type Surface } from '@warrant/surface';
import { settle } from '@warrant/surface/testing';
import { memoryWebMcp, type MemoryWebMcp } from '@warrant/webmcp/testing';
import { createDeskRuntime, type DeskRuntime, type DeskRuntimeOptions } from '../page/desk-runtime.ts';
import type { RequestHolder } from '../domain/request.ts';
import type { DeskState } from '../domain/state.ts';
import { humanActs, type ObtainConsent, type HumanActs } from '../page/human-acts.ts';
import type { DeskEvent } from '../domain/desk-events.ts';
import { deskEventProblem } from '../domain/desk-event-check.ts';
import type { DeskStores } from '../page/stores.ts';
import { deskRows } from '../page/verbs/desk-rows.ts';
import { recordRefusedCalls } from '../page/verbs/verb-record.ts';
import { PARTNER_DIRECTORY } from '../partners.ts';
import type { PartnerRecords } from '../page/run/ask-partner.ts';

/**
 * A consent for the desk's Node tests: the memory partners check no authorization, so the steps
 * carry placeholder tokens. The real consent (a passkey, verified by the desk's server, checked
 * again by every partner's server) is tested in the browser.
 */
/** The dispatcher signed in on a test desk's page unless a test names another. */
export const TEST_DISPATCHER: RequestHolder = { id: 'D-test', name: 'A dispatcher in a test' };

const memoryPartnerConsent: ObtainConsent = async (approval, plan) => ({
  ok: true,
  dispatcher: TEST_DISPATCHER,
  challenge: `test-${approval.id}`,
  authorizations: plan.steps.map(() => ({
    step: 'unchecked-by-memory-partners',
    undo: 'unchecked-by-memory-partners',
  })),
});

export interface TestDesk {
  readonly desk: DeskRuntime;
  readonly acts: HumanActs;
  readonly surface: Surface<DeskState>;
  readonly memory: MemoryWebMcp;
  readonly clock: ManualBrokerClock;
  readonly partners: TestPartners;
  readonly stores: DeskStores;
  /** How many partner frames are mounted now. */
  frames(): number;
  /** Calls a verb as an agent over WebMCP (it must be registered). */
  agent(name: string, input?: Record<string, unknown>): Promise<Record<string, unknown>>;
  /** Calls a verb through the kernel as someone else (the runner, a person). */
  as(caller: CallOptions, name: string, input?: Record<string, unknown>): Promise<Record<string, unknown>>;
  /** Waits for reconciles, stores and partner calls to settle. */
  idle(): Promise<void>;
  /** Drops this desk as a page going away would, keeping its stores' contents. */
  close(): Promise<void>;
}

/**
 * The in-memory stand-ins for the partners in this desk's configuration (partners.json), by name:
 * a partner is any name the configuration gives, so tests name the ones they reach.
 */
export type TestPartners = Readonly<
  Record<PartnerName, MemoryPartner> & Record<'pantry' | 'shelter' | 'rides' | 'coldchain' | 'laundry', MemoryPartner>
>;

export interface TestDeskOptions {
  /** The IndexedDB the stores live in; pass the same one to open the desk again after a "reload". */
  readonly indexedDB?: IDBFactory;
  /** Whether a dispatcher is signed in on the page; unset, one is. */
  readonly signedIn?: boolean;
  /** The dispatcher signed in on the page; unset, the test's own (TEST_DISPATCHER). */
  readonly dispatcher?: RequestHolder;
  /** The page's id, and the id of the page this tab showed before (a reload: its leases went with it). */
  readonly page?: string;
  readonly previousPage?: string;
  /** The desk's stores; unset, the browser's own log over the in-memory IndexedDB. */
  readonly stores?: DeskStores;
  /** Where the numbers of new ids are reserved; unset, counted in the page. */
  readonly reserveNumber?: DeskRuntimeOptions['reserveNumber'];
  /** Where approvals are raised; unset, by the page's gate alone. */
  readonly raiseApproval?: DeskRuntimeOptions['raiseApproval'];
  /** Where a person's reject is decided; unset, by the page's gate alone. */
  readonly rejectApproval?: DeskRuntimeOptions['rejectApproval'];
  readonly partner?: Partial<Record<PartnerName, Omit<MemoryPartnerOptions, 'manifest'>>>;
  readonly clock?: ManualBrokerClock;
  /** Hears every reconcile of the desk's surface (for the registration benchmark). */
  readonly onChange?: (change: ChangeRecord) => void;
  /** The partners of a desk opened before: a reload keeps what the partners hold. */
  readonly partners?: TestPartners;
}

/** What a memory partner holds under a key, as a partner's server answers it (the desk's server asks it in a page). */
function memoryRecords(partners: Readonly<Record<PartnerName, MemoryPartner>>): PartnerRecords {
  return {
    async writeUnder(partner, key) {
      const commit = partners[partner]?.commits.find((candidate) => candidate.args['idempotency_key'] === key);
      return commit
        ? { ok: true, found: true, write: { result: commit.result, receipt: commit.receipt } }
        : { ok: true, found: false };
    },
  };
}

async function openMemoryStores(indexedDB: IDBFactory): Promise<DeskStores> {
  const [ledger, log] = await Promise.all([
    openLedgerStore(deskLedger, { indexedDB }),
    openLog<DeskEvent, DeskEvent>({
      name: 'warrant-desk-state',
      format: jsonLogFormat<DeskEvent>(deskEventProblem),
      indexedDB,
    }),
  ]);
  if (!ledger.ok || !log.ok) throw new Error((ledger.ok ? null : ledger.message) ?? (log.ok ? '' : log.message));
  return { ledger: ledger.ledger, log: log.log, events: log.entries.map((entry) => entry.record), notice: null };
}

export async function openTestDesk(options: TestDeskOptions = {}): Promise<TestDesk> {
  const indexedDB = options.indexedDB ?? new IDBFactory();
  const stores = options.stores ?? (await openMemoryStores(indexedDB));
  const clock = options.clock ?? manualBrokerClock(Date.UTC(2026, 11, 1, 17, 0));
  // An in-memory stand-in for each partner this desk is configured with, listing its manifest's tools.
  const partners =
    options.partners ??
    (Object.fromEntries(
      PARTNER_DIRECTORY.names.map((partner) => [
        partner,
        memoryPartner({ manifest: PARTNER_DIRECTORY.manifest(partner)!, ...(options.partner?.[partner] ?? {}) }),
      ]),
    ) as TestPartners);
  const connect: ChannelConnector = (request) => {
    const partner = partners[request.lease.partner] as MemoryPartner | undefined;
    if (!partner) throw new Error(`${request.lease.partner} is not a configured partner.`);
    return partner.connector(request);
  };
  let mounted = 0;
  const container: FrameContainer = {
    mount() {
      mounted += 1;
      let removed = false;
      return {
        window: null,
        remove() {
          if (!removed) mounted -= 1;
          removed = true;
        },
      };
    },
  };
  const desk = createDeskRuntime({
    ledger: stores.ledger,
    log: stores.log,
    events: stores.events,
    ...(options.signedIn === undefined ? {} : { signedIn: options.signedIn }),
    dispatcher: options.dispatcher ?? TEST_DISPATCHER,
    page: options.page ?? 'test-page',
    // A test desk opened again over the same stores is the same tab reloaded.
    previousPage: options.previousPage ?? 'test-page',
    ...(options.reserveNumber ? { reserveNumber: options.reserveNumber } : {}),
    ...(options.raiseApproval ? { raiseApproval: options.raiseApproval } : {}),
    ...(options.rejectApproval ? { rejectApproval: options.rejectApproval } : {}),
    container,
    connect,
    clock,
    partnerRecords: memoryRecords(partners),
  });
  const memory = memoryWebMcp();
  const surface = createSurface<DeskState>({
    rows: deskRows(desk),
    state: () => desk.state.value,
    webmcp: memory.webmcp,
    ...(options.onChange ? { onChange: options.onChange } : {}),
    onCall: recordRefusedCalls(desk),
  });
  const stop = desk.state.subscribe(() => surface.update());
  await surface.reconcile();
  const idle = async (): Promise<void> => {
    await settle();
    await desk.flush();
    await settle();
  };
  return {
    desk,
    acts: humanActs(desk, memoryPartnerConsent),
    surface,
    memory,
    clock,
    partners,
    stores,
    frames: () => mounted,
    async agent(name, input = {}) {
      const result = (await memory.call(name, input)) as Record<string, unknown>;
      await idle();
      return result;
    },
    async as(caller, name, input = {}) {
      const result = (await surface.call(name, input, caller)) as Record<string, unknown>;
      await idle();
      return result;
    },
    idle,
    async close() {
      await idle();
      stop();
      surface.dispose();
      desk.dispose();
      await desk.flush();
      stores.ledger.close();
      stores.log.close();
    },
  };
}

/** The relief request and the plan the tests use: food at the pantry and beds at the shelter. */
export const FAMILY = {
  people: 4,
  needs: ['food', 'bed'],
  place: 'Harbour Street community hall',
  deadline: '2026-12-01T21:00',
};

export const FOOD_AND_BEDS = [
  {
    partner: 'pantry',
    tool: 'reserve_parcels',
    args: { kind: 'family', count: 1, dietary: 'vegetarian', pickup_by: '2026-12-01' },
  },
  { partner: 'shelter', tool: 'hold_beds', args: { kind: 'family_room', count: 1, night: '2026-12-01' } },
];

/** Takes in the family's request and opens read leases on the pantry and the shelter, as an agent. */
export async function leasedFamily(test: TestDesk): Promise<string> {
  const intake = await test.agent('intake_request', FAMILY);
  const request = (intake['request'] as { id: string }).id;
  for (const partner of ['pantry', 'shelter'])
    await test.agent('open_lease', { partner, purpose: 'read_capacity', ttl: 120, request });
  return request;
}

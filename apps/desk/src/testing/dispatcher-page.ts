// A signed-in dispatcher's desk page, in Node, over the desk's server: the desk's runtime and
// verbs (as the page runs them) over the server's two records (ledger and state), every request
// sent in the dispatcher's session from the desk's origin, as their browser sends it. Several of
// them over one server are several dispatchers at once (server/five-dispatchers.test.ts, and the
// bench's `dispatchers` group, which times the same work).
import type { Hono } from 'hono';
import { SITES } from '@warrant/config';
import { deskLedger, jsonLogFormat, ledgerStoreOver } from '@warrant/ledger';
import type { DeskEvent } from '../domain/desk-events.ts';
import { deskEventProblem } from '../domain/desk-event-check.ts';
import { deskCaller, type AskDesk } from '../api/ask-desk.ts';
import { DESK_API } from '../api/desk-api.ts';
import { rejectApprovalAtTheServer } from '../page/reject-approval.ts';
import { openServerLog } from '../page/server-log.ts';
import type { DeskStores } from '../page/stores.ts';
import { FAMILY, FOOD_AND_BEDS, openTestDesk, type TestDesk } from './test-desk.ts';
import type { TestDispatcher } from './dispatcher-session.ts';
import { newSigningKey } from '@warrant/authority';
import type { PartnerName } from '@warrant/broker';

/**
 * The keys the stand-in pantry and shelter of a dispatcher's page sign their receipts and readings
 * with, as a partner's server does; the desk's server in the same test learns them here
 * (`partnerKeyOf`), as it would from each partner's manifest. Without them the desk's server
 * takes no read the page reports.
 */
const PARTNER_KEYS = { pantry: newSigningKey(), shelter: newSigningKey() } as const;

/** The receipt key of each stand-in partner, for `openDeskServer({ receiptKeyOf })`. */
export const partnerKeyOf = async (partner: PartnerName): Promise<string | null> =>
  partner === 'pantry' || partner === 'shelter' ? PARTNER_KEYS[partner].publicKey : null;

const ORIGIN = SITES.desk.origin;

/** How `dispatcher`'s page asks the desk's server served by `app`: in their session, from the desk's origin. */
export function askAs(app: Hono, dispatcher: TestDispatcher): AskDesk {
  return deskCaller(async (method, path, body) => {
    const response = await app.request(path, {
      method,
      headers: {
        origin: ORIGIN,
        cookie: dispatcher.cookie,
        ...(method === 'GET' ? {} : { 'content-type': 'application/json' }),
      },
      ...(method === 'GET' ? {} : { body: JSON.stringify(body) }),
    });
    return (await response.json()) as unknown;
  });
}

/**
 * The writer id of the `index`th test page: hex, as a page's own PAGE_ID is, or the server refuses
 * its appends (a letter past f did, from the seventh page on).
 */
export function pageWriter(index: number): string {
  return `a${index.toString(16).padStart(11, '0')}`;
}

/** `dispatcher`'s page; `index` makes its writer id (one per page) different from the others'. */
export async function dispatcherPage(app: Hono, dispatcher: TestDispatcher, index: number): Promise<TestDesk> {
  const ask = askAs(app, dispatcher);
  const writer = pageWriter(index);
  const [ledger, log] = await Promise.all([
    openServerLog({
      name: 'ledger',
      format: deskLedger.logFormat(() => new Date()),
      appendAfterOthers: true,
      ask,
      writer,
    }),
    openServerLog<DeskEvent, DeskEvent>({
      name: 'state',
      format: jsonLogFormat<DeskEvent>(deskEventProblem),
      ask,
      writer,
    }),
  ]);
  if (!ledger.ok || !log.ok) throw new Error('The desk server would not open its records.');
  const stores: DeskStores = {
    ledger: ledgerStoreOver(deskLedger, ledger.log, ledger.entries),
    log: log.log,
    events: log.entries.map((entry) => entry.record),
    notice: null,
  };
  return openTestDesk({
    stores,
    partner: { pantry: { receiptKey: PARTNER_KEYS.pantry }, shelter: { receiptKey: PARTNER_KEYS.shelter } },
    dispatcher: { id: dispatcher.id, name: dispatcher.name },
    page: writer,
    previousPage: 'no-page-before',
    reserveNumber: (kind, atLeast) => ask(DESK_API.reserveId, { body: { kind, at_least: atLeast } }),
    // commit_plan's approval is raised by the server, from the plan in its own record.
    raiseApproval: (plan) => ask(DESK_API.raiseApproval, { body: { plan } }),
    // A person's reject is decided by the server too, before the page records it.
    rejectApproval: (approval) => rejectApprovalAtTheServer(approval, ask),
  });
}

/** The verbs a dispatcher's agent calls to work one family's request to the halt, in order. */
export const TO_THE_HALT = ['intake_request', 'open_lease', 'open_lease', 'find_capacity', 'draft_plan', 'commit_plan'];

/**
 * One request worked to the halt in `desk` (its agent's calls, TO_THE_HALT): every answer, in
 * order; `timed` is told each call's verb, milliseconds and answer as it comes.
 */
export async function workToTheHalt(
  desk: TestDesk,
  timed: (verb: string, ms: number, answer: Record<string, unknown>) => void = () => undefined,
): Promise<Record<string, unknown>[]> {
  const answers: Record<string, unknown>[] = [];
  const call = async (verb: string, input: Record<string, unknown>): Promise<Record<string, unknown>> => {
    const began = performance.now();
    const answer = await desk.agent(verb, input);
    timed(verb, performance.now() - began, answer);
    answers.push(answer);
    return answer;
  };
  const intake = await call('intake_request', FAMILY);
  const request = (intake['request'] as { id: string } | undefined)?.id ?? 'none';
  for (const partner of ['pantry', 'shelter'])
    await call('open_lease', { partner, purpose: 'read_capacity', ttl: 120, request });
  await call('find_capacity', { request });
  const drafted = await call('draft_plan', { request, label: 'Food and beds', steps: FOOD_AND_BEDS });
  const plan = (drafted['plan'] as { id: string } | undefined)?.id ?? 'none';
  await call('commit_plan', { plan });
  return answers;
}

// Five dispatchers at once, each in their own page over the desk's server (PGlite): each takes a
// request in and works it to the halt (two read leases, a read, a plan, its approval raised by the
// server from its own record), all at the same moment. Every call is answered; no row or event is
// lost or written twice; every id (R-n, P-n, L-n, A-n) is given once; the ledger is one chain that
// verifies. The pages' appends meet STALE_TAB as the others write first, catch up and decide again
// (desk-runtime.ts).
import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, inject, it, vi } from 'vitest';
import {
  deskLedger,
  jsonLogFormat,
  ledgerStoreOver,
  serialiseLedger,
  verifyLedger,
  type LedgerRow,
} from '@warrant/ledger';
import type { Database, SiteServer } from '@warrant/site-server';
import { appTestEngines } from '@warrant/site-server/testing';
import { SITES } from '@warrant/config';
import { openDeskServer } from '../server.ts';
import type { DeskEvent } from '../domain/desk-events.ts';
import type { ApprovalRaised } from '../domain/raised-approval.ts';
import { deskEventProblem } from '../domain/desk-event-check.ts';
import { openServerLog, type AskDeskServer } from '../server-log.ts';
import type { DeskStores } from '../stores.ts';
import { FAMILY, FOOD_AND_BEDS, openTestDesk, type TestDesk } from '../testing/test-desk.ts';
import { enrolTestDispatcher, type TestDispatcher } from '../testing/dispatcher-session.ts';
import { unansweredPartners } from '../testing/unanswered-partners.ts';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 120_000 });

const ORIGIN = SITES.desk.origin;
const NAMES = ['Ada Lovelace', 'Bea Okafor', 'Cai Lun', 'Dee Mensah', 'Eli Novak'];

describe.each(appTestEngines(inject('pgliteRoot'), inject('postgresUrl'), it, []))(
  'five dispatchers acting at once, on %s',
  (_engine, open, it) => {
    let db: Database;
    let server: SiteServer;
    let app: Hono;
    let partners: ReturnType<typeof unansweredPartners>;
    const desks: TestDesk[] = [];

    beforeEach(async () => {
      db = await open();
      partners = unansweredPartners();
      server = await openDeskServer(db, { receiptKeyOf: async () => null, reachPartner: partners.reach });
      app = new Hono();
      server.routes(app);
    });
    afterEach(async () => {
      for (const desk of desks.splice(0)) await desk.close();
      partners.letGo();
      await server.close();
      await db.close();
    });

    /** How `dispatcher`'s page asks the desk's server: in their session, from the desk's origin. */
    const askAs =
      (dispatcher: TestDispatcher): AskDeskServer =>
      async <T>(path: string, body?: unknown) => {
        const response = await app.request(path, {
          method: body === undefined ? 'GET' : 'POST',
          headers: {
            origin: ORIGIN,
            cookie: dispatcher.cookie,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
        return (await response.json()) as Awaited<ReturnType<AskDeskServer>> & T;
      };

    /** `dispatcher`'s page: the desk's runtime and verbs over the server's two records. */
    async function pageOf(dispatcher: TestDispatcher, index: number): Promise<TestDesk> {
      const ask = askAs(dispatcher);
      const writer = `${'abcde'[index]}0000000000${index}`;
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
      const desk = await openTestDesk({
        stores,
        dispatcher: { id: dispatcher.id, name: dispatcher.name },
        page: writer,
        previousPage: 'no-page-before',
        reserveNumber: (kind, atLeast) => ask<{ number: number }>('/api/ids', { kind, at_least: atLeast }),
        raiseApproval: (plan) => ask<ApprovalRaised>('/api/approvals', { plan }),
      });
      desks.push(desk);
      return desk;
    }

    /** One dispatcher's request, worked to the halt: every answer, in order. */
    async function toTheHalt(desk: TestDesk): Promise<Record<string, unknown>[]> {
      const answers: Record<string, unknown>[] = [];
      const intake = await desk.agent('intake_request', FAMILY);
      answers.push(intake);
      const request = (intake['request'] as { id: string } | undefined)?.id ?? 'none';
      for (const partner of ['pantry', 'shelter'])
        answers.push(await desk.agent('open_lease', { partner, purpose: 'read_capacity', ttl: 120, request }));
      answers.push(await desk.agent('find_capacity', { request }));
      const drafted = await desk.agent('draft_plan', { request, label: 'Food and beds', steps: FOOD_AND_BEDS });
      answers.push(drafted);
      const plan = (drafted['plan'] as { id: string } | undefined)?.id ?? 'none';
      answers.push(await desk.agent('commit_plan', { plan }));
      return answers;
    }

    it('each works their own request to the halt at the same time: every call answered, nothing lost or doubled, every id once, one chain', async () => {
      const dispatchers: TestDispatcher[] = [];
      for (const name of NAMES) dispatchers.push(await enrolTestDispatcher(app, server, name));
      const pages = await Promise.all(dispatchers.map((dispatcher, index) => pageOf(dispatcher, index)));

      const runs = await Promise.all(pages.map((page) => toTheHalt(page)));

      for (const answers of runs) {
        expect(answers.map((answer) => [answer['ok'], answer['code'] ?? null])).toEqual(
          Array.from({ length: 6 }, () => [true, null]),
        );
        expect(answers.at(-1)).toMatchObject({ status: 'awaiting_human_approval' });
      }
      const requests = runs.map((answers) => (answers[0]?.['request'] as { id: string }).id);
      const plans = runs.map((answers) => (answers[4]?.['plan'] as { id: string }).id);
      const approvals = runs.map((answers) => String(answers[5]?.['approval_id']));
      const leases = runs.flatMap((answers) => [1, 2].map((at) => (answers[at]?.['lease'] as { id: string }).id));
      for (const ids of [requests, plans, approvals, leases]) expect(new Set(ids).size).toBe(ids.length);

      // The server's record: one chain; each dispatcher's rows once; each request held by its taker.
      const ledger = (
        (await askAs(dispatchers[0]!)('/api/logs/ledger')) as unknown as {
          entries: { record: LedgerRow }[];
        }
      ).entries.map((entry) => entry.record);
      expect(verifyLedger(serialiseLedger(ledger))).toMatchObject({ ok: true, rows: ledger.length });
      for (const [index, dispatcher] of dispatchers.entries()) {
        const theirs = ledger.filter(
          (row) =>
            row.detail.startsWith(`reported_by=${dispatcher.id} `) || row.detail === `reported_by=${dispatcher.id}`,
        );
        const verbs = theirs.filter((row) => row.event === 'verb_called').map((row) => [row.verb, row.request]);
        expect(verbs).toEqual(
          ['intake_request', 'open_lease', 'open_lease', 'find_capacity', 'draft_plan', 'commit_plan'].map((verb) => [
            verb,
            requests[index],
          ]),
        );
        expect(
          theirs
            .filter((row) => row.event === 'lease_opened')
            .map((row) => row.lease)
            .sort(),
        ).toEqual([leases[index * 2], leases[index * 2 + 1]].sort());
        expect(theirs.filter((row) => row.event === 'approval_raised').map((row) => row.approval)).toEqual([
          approvals[index],
        ]);
        expect(
          ledger
            .filter((row) => row.event === 'request_taken' && row.request === requests[index])
            .map((row) => row.detail),
        ).toEqual([expect.stringContaining(`dispatcher=${dispatcher.id}`)]);
      }
      const events = (
        (await askAs(dispatchers[0]!)('/api/logs/state')) as unknown as {
          entries: { record: DeskEvent }[];
        }
      ).entries.map((entry) => entry.record);
      const taken = events.flatMap((event) => (event.type === 'request_taken' ? [event.request] : []));
      expect(taken.map((request) => request.id).sort()).toEqual([...requests].sort());
      expect(taken.map((request) => request.heldBy?.name).sort()).toEqual([...NAMES].sort());
      const drafted = events.flatMap((event) => (event.type === 'plan_drafted' ? [event.plan.id] : []));
      expect(drafted.sort()).toEqual([...plans].sort());
      // Every page, caught up, shows all five requests, each with its holder.
      for (const page of pages) {
        await page.desk.catchUp();
        expect(page.desk.state.value.requests.map((request) => request.id).sort()).toEqual([...requests].sort());
      }
    });
  },
);

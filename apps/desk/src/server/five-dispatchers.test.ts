// Five dispatchers at once, each in their own page over the desk's server (PGlite): each takes a
// request in and works it to the halt (two read leases, a read, a plan, its approval raised), all
// at the same moment. Every call is answered; no row or event is lost or written twice; every id
// (R-n, P-n, L-n, A-n) is given once; the ledger is one chain that verifies. The pages' appends
// meet STALE_TAB as the others write first, catch up and decide again (desk-runtime.ts).
import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { serialiseLedger, verifyLedger, type LedgerRow } from '@warrant/ledger';
import type { Database, SiteServer } from '@warrant/site-server';
import { appTestEngines } from '@warrant/site-server/testing';
import { openDeskServer } from '../server.ts';
import type { DeskEvent } from '../domain/desk-events.ts';
import type { AskDesk } from '../api/ask-desk.ts';
import { DESK_API } from '../api/desk-api.ts';
import type { TestDesk } from '../testing/test-desk.ts';
import {
  askAs as askDispatcherAs,
  dispatcherPage,
  partnerKeyOf,
  TO_THE_HALT,
  workToTheHalt,
} from '../testing/dispatcher-page.ts';
import { enrolTestDispatcher, type TestDispatcher } from '../testing/dispatcher-session.ts';
import { unansweredPartners } from '../testing/unanswered-partners.ts';

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
      server = await openDeskServer(db, { receiptKeyOf: partnerKeyOf, reachPartner: partners.reach });
      app = new Hono();
      server.routes(app);
    });
    afterEach(async () => {
      for (const desk of desks.splice(0)) await desk.close();
      partners.letGo();
      await server.close();
      await db.close();
    });

    const askAs = (dispatcher: TestDispatcher): AskDesk => askDispatcherAs(app, dispatcher);
    async function pageOf(dispatcher: TestDispatcher, index: number): Promise<TestDesk> {
      const desk = await dispatcherPage(app, dispatcher, index);
      desks.push(desk);
      return desk;
    }

    it('each works their own request to the halt at the same time: every call answered, nothing lost or doubled, every id once, one chain', async () => {
      const dispatchers: TestDispatcher[] = [];
      for (const name of NAMES) dispatchers.push(await enrolTestDispatcher(app, server, name));
      const pages = await Promise.all(dispatchers.map((dispatcher, index) => pageOf(dispatcher, index)));

      const runs = await Promise.all(pages.map((page) => workToTheHalt(page)));

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
        (await askAs(dispatchers[0]!)(DESK_API.log, { params: { log: 'ledger' } })) as unknown as {
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
        expect(verbs).toEqual(TO_THE_HALT.map((verb) => [verb, requests[index]]));
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
        (await askAs(dispatchers[0]!)(DESK_API.log, { params: { log: 'state' } })) as unknown as {
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

// An approval the page's person rejected, or that a revision of its plan made void, is decided on
// the desk's server, not only in the page: the server's row is no longer pending, so a grant with
// a valid passkey assertion (the card's, or /approve on another device) is refused and no step of
// the plan is sent. Each dispatcher here is a real desk page over the desk's server (PGlite and
// PostgreSQL), with a software passkey the server verifies for real.
import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { SITES } from '@warrant/config';
import type { Database, SiteServer } from '@warrant/site-server';
import { appTestEngines } from '@warrant/site-server/testing';
import type { LogHead } from '@warrant/ledger';
import { DESK_API } from '../api/desk-api.ts';
import { cardStatement } from '../page/consent/card-statement.ts';
import { openDeskServer } from '../server.ts';
import { FOOD_AND_BEDS, type TestDesk } from '../testing/test-desk.ts';
import { askAs, dispatcherPage, partnerKeyOf, workToTheHalt } from '../testing/dispatcher-page.ts';
import { enrolTestDispatcher, type TestDispatcher } from '../testing/dispatcher-session.ts';
import type { ReachPartner } from './approved-runs.ts';

const ORIGIN = SITES.desk.origin;
const RP_ID = new URL(ORIGIN).hostname;

describe.each(appTestEngines(inject('pgliteRoot'), inject('postgresUrl'), it, []))(
  'an approval rejected or made void at the page is decided at the server, on %s',
  (_engine, open, it) => {
    let db: Database;
    let server: SiteServer;
    let app: Hono;
    let page: TestDesk;
    let dispatcher: TestDispatcher;
    // Every step the desk's server sends to a partner: none may be sent in these tests.
    const sent: string[] = [];
    const reach: ReachPartner = (url) => {
      sent.push(String(url));
      return Promise.reject(new TypeError('fetch failed'));
    };

    beforeEach(async () => {
      sent.length = 0;
      db = await open();
      server = await openDeskServer(db, { receiptKeyOf: partnerKeyOf, reachPartner: reach });
      app = new Hono();
      server.routes(app);
      dispatcher = await enrolTestDispatcher(app, server, 'Ada Lovelace');
      page = await dispatcherPage(app, dispatcher, 0);
    });
    afterEach(async () => {
      await page.close();
      await server.close();
      await db.close();
    });

    /** Works a request to the halt: its plan's approval raised by the server, pending. */
    async function pendingApproval() {
      const answers = await workToTheHalt(page);
      const request = (answers[0]?.['request'] as { id: string }).id;
      const plan = (answers[4]?.['plan'] as { id: string }).id;
      const id = String(answers[5]?.['approval_id']);
      const approval = page.desk.gate.get(id);
      if (!approval) throw new Error(`The page holds no approval ${id}.`);
      return { request, plan, id, challenge: cardStatement(approval).challenge };
    }

    const standing = async (challenge: string) =>
      ((await (await app.request(`/api/approvals/${challenge}`)).json()) as { status: string }).status;

    /** Grants `challenge` with the dispatcher's passkey, as the card or /approve on another device does. */
    const grant = (challenge: string) =>
      askAs(app, dispatcher)(DESK_API.grant, {
        params: { challenge },
        body: { response: dispatcher.passkey.assert(challenge, ORIGIN, RP_ID) },
      });

    it("a person's reject on the card is the server's: a grant afterwards is refused and nothing runs", async () => {
      const approval = await pendingApproval();
      expect(await standing(approval.challenge)).toBe('pending');

      expect(await page.acts.reject(approval.id)).toMatchObject({ ok: true, approval: { status: 'rejected' } });
      await page.desk.flush();
      expect(await standing(approval.challenge)).toBe('rejected');

      expect(await grant(approval.challenge)).toMatchObject({
        ok: false,
        code: 'APPROVAL_DECIDED',
        details: { status: 'rejected' },
      });
      expect(sent).toEqual([]);
      // The page's records of the rejection were taken: the server had decided it.
      const ledger = (await askAs(app, dispatcher)(DESK_API.log, { params: { log: 'ledger' } })) as unknown as {
        entries: { record: { event: string } }[];
      };
      expect(ledger.entries.map((entry) => entry.record.event)).toContain('approval_rejected');
    });

    it('a revision of the plan voids its approval at the server: granting the old one is refused and nothing runs', async () => {
      const approval = await pendingApproval();
      const revised = await page.agent('draft_plan', {
        request: approval.request,
        plan: approval.plan,
        label: 'Food only',
        steps: FOOD_AND_BEDS.slice(0, 1),
      });
      expect(revised).toMatchObject({ ok: true, approvals_void: [approval.id] });
      await page.desk.flush();
      expect(await standing(approval.challenge)).toBe('void');

      expect(await grant(approval.challenge)).toMatchObject({
        ok: false,
        code: 'APPROVAL_DECIDED',
        details: { status: 'void' },
      });
      expect(sent).toEqual([]);
      // The page's record of the void was taken: the server had decided it.
      const ledger = (await askAs(app, dispatcher)(DESK_API.log, { params: { log: 'ledger' } })) as unknown as {
        entries: { record: { event: string; approval?: string } }[];
      };
      expect(ledger.entries.map((entry) => entry.record)).toContainEqual(
        expect.objectContaining({ event: 'approval_void', approval: approval.id }),
      );
    });

    it("refuses a page's record of an approval as rejected or void while the server holds it pending", async () => {
      const approval = await pendingApproval();
      const held = page.desk.gate.get(approval.id)!;
      for (const status of ['rejected', 'void'] as const) {
        const answer = await askAs(app, dispatcher)(DESK_API.log, { params: { log: 'state' } });
        const head = (answer as unknown as { head: LogHead }).head;
        const appended = await askAs(app, dispatcher)(DESK_API.append, {
          params: { log: 'state' },
          body: {
            writer: 'feedbeef0001',
            basis: head,
            records: [{ type: 'approval_changed', approval: { ...held, status } }],
          },
        });
        expect(appended).toMatchObject({ ok: false, code: 'NOT_DECIDED_BY_SERVER' });
      }
      expect(await standing(approval.challenge)).toBe('pending');
    });
  },
);

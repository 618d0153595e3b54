// Who holds a request, decided by the desk's server: the dispatcher whose page took it in holds
// it; another dispatcher's page cannot add to the record about it (refused with the holder's
// name); a take-over needs a reason, which is recorded; a release is its holder's alone; no page
// writes who holds what itself, and no id is given to two things.
import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import type { LedgerRow, LogHead } from '@warrant/ledger';
import type { Database, SiteServer } from '@warrant/site-server';
import { appTestEngines } from '@warrant/site-server/testing';
import { openDeskServer } from '../server.ts';
import type { DeskEvent } from '../domain/desk-events.ts';
import type { DeskRequest } from '../domain/request.ts';
import { enrolTestDispatcher, type TestDispatcher } from '../testing/dispatcher-session.ts';
import { unansweredPartners } from '../testing/unanswered-partners.ts';
import { askDesk, storeInOrder, takenRequestEvent } from '../testing/test-approvals.ts';

interface Answer {
  readonly ok: boolean;
  readonly code?: string;
  readonly message?: string;
  readonly [key: string]: unknown;
}

const intake = takenRequestEvent;

const planFor = (request: string): DeskEvent =>
  ({
    type: 'plan_drafted',
    plan: {
      id: 'P-1',
      request,
      label: 'food',
      steps: [{ partner: 'pantry', tool: 'reserve_parcels', args: { kind: 'family', count: 1 } }],
      digest: 'x',
      canonical: '{}',
      draftedBy: 'agent',
      draftedAt: '2026-12-01T10:01:00.000Z',
      revision: 1,
    },
  }) as DeskEvent;

describe.each(appTestEngines(inject('pgliteRoot'), inject('postgresUrl'), it, []))(
  'who holds a request, on %s',
  (_engine, open, it) => {
    let db: Database;
    let server: SiteServer;
    let app: Hono;
    let ada: TestDispatcher;
    let bea: TestDispatcher;
    let partners: ReturnType<typeof unansweredPartners>;

    beforeEach(async () => {
      db = await open();
      partners = unansweredPartners();
      server = await openDeskServer(db, { receiptKeyOf: async () => null, reachPartner: partners.reach });
      app = new Hono();
      server.routes(app);
      ada = await enrolTestDispatcher(app, server, 'Ada Lovelace');
      bea = await enrolTestDispatcher(app, server, 'Bea Okafor');
    });
    afterEach(async () => {
      partners.letGo();
      await server.close();
      await db.close();
    });

    const call = (path: string, by: TestDispatcher | null, body?: unknown): Promise<Answer> =>
      askDesk(app, path, by, body);
    const headOf = async (log: 'ledger' | 'state'): Promise<LogHead> =>
      (await call(`/api/logs/${log}`, ada))['head'] as LogHead;
    const append = async (by: TestDispatcher, log: 'ledger' | 'state', records: readonly unknown[]) =>
      call(`/api/logs/${log}/append`, by, {
        writer: by === ada ? 'aaaaaaaaaaaa' : 'bbbbbbbbbbbb',
        basis: await headOf(log),
        records,
      });
    const ledgerRows = async (): Promise<LedgerRow[]> =>
      ((await call('/api/logs/ledger', ada))['entries'] as { record: LedgerRow }[]).map((entry) => entry.record);
    const stateEvents = async (): Promise<DeskEvent[]> =>
      ((await call('/api/logs/state', ada))['entries'] as { record: DeskEvent }[]).map((entry) => entry.record);
    const rowAbout = (request: string, detail: string) => ({
      at: '2026-12-01T10:02:00.000Z',
      actor: 'agent',
      channel: 'webmcp',
      event: 'verb_called',
      from: 'desk',
      to: 'desk',
      verb: 'open_lease',
      request,
      policy: 'allow',
      status: 'ok',
      detail,
    });

    it("makes the dispatcher whose page took a request in its holder, and refuses another dispatcher's row or event about it, naming the holder", async () => {
      expect(await append(ada, 'state', [intake('R-1', ada)])).toMatchObject({ ok: true });
      // The server recorded who holds it, on the ledger.
      expect((await ledgerRows()).filter((row) => row.event === 'request_taken')).toEqual([
        expect.objectContaining({ request: 'R-1', detail: expect.stringContaining(`dispatcher=${ada.id}`) }),
      ]);
      const event = await append(bea, 'state', [planFor('R-1')]);
      expect(event).toMatchObject({ ok: false, isError: true, code: 'REQUEST_HELD_BY_ANOTHER', status: 403 });
      expect(event.message).toContain('Ada Lovelace');
      expect(event['details']).toMatchObject({ request: 'R-1', holder: { id: ada.id, name: 'Ada Lovelace' } });
      const row = await append(bea, 'ledger', [rowAbout('R-1', 'bea tries')]);
      expect(row).toMatchObject({ ok: false, code: 'REQUEST_HELD_BY_ANOTHER' });
      expect(row.message).toContain('Ada Lovelace');
      // Nothing of Bea's was recorded; a refused call about it is kept (an attempt changes nothing).
      expect((await stateEvents()).some((candidate) => candidate.type === 'plan_drafted')).toBe(false);
      expect((await ledgerRows()).some((candidate) => candidate.detail.includes('bea tries'))).toBe(false);
      expect(await append(bea, 'ledger', [{ ...rowAbout('R-1', 'bea refused'), status: 'refused' }])).toMatchObject({
        ok: true,
      });
      // Ada, its holder, acts on it.
      expect(await storeInOrder(app, ada, planFor('R-1'))).toMatchObject({ ok: true });
      expect(await append(ada, 'ledger', [rowAbout('R-1', 'ada acts')])).toMatchObject({ ok: true });
    });

    it('a take-over needs a reason (plain, bounded), is recorded with it, and moves the request: then its former holder is refused', async () => {
      await append(ada, 'state', [intake('R-1', ada)]);
      expect(await call('/api/requests/take', bea, { request: 'R-1' })).toMatchObject({
        ok: false,
        code: 'REASON_REQUIRED',
      });
      expect(await call('/api/requests/take', bea, { request: 'R-1', reason: 'Ada is off\u0007 shift' })).toMatchObject(
        { ok: false, code: 'MALFORMED_REQUEST', status: 400 },
      );
      expect(await call('/api/requests/take', bea, { request: 'R-1', reason: 'x'.repeat(301) })).toMatchObject({
        ok: false,
        code: 'MALFORMED_REQUEST',
      });
      expect(await call('/api/requests/take', null, { request: 'R-1', reason: 'no one' })).toMatchObject({
        ok: false,
        code: 'NOT_SIGNED_IN',
      });
      const taken = await call('/api/requests/take', bea, { request: 'R-1', reason: 'Ada went off shift' });
      expect(taken).toMatchObject({ ok: true, act: 'taken_over', holder: { id: bea.id, name: 'Bea Okafor' } });
      const over = (await ledgerRows()).filter((row) => row.event === 'request_taken_over');
      expect(over).toEqual([
        expect.objectContaining({
          request: 'R-1',
          detail: expect.stringContaining(`dispatcher=${bea.id} from_dispatcher=${ada.id} reason="Ada went off shift"`),
        }),
      ]);
      expect(await stateEvents()).toContainEqual(
        expect.objectContaining({
          type: 'request_held',
          request: 'R-1',
          act: 'taken_over',
          holder: { id: bea.id, name: 'Bea Okafor' },
          reason: 'Ada went off shift',
        }),
      );
      const refusedAda = await append(ada, 'state', [planFor('R-1')]);
      expect(refusedAda).toMatchObject({ ok: false, code: 'REQUEST_HELD_BY_ANOTHER' });
      expect(refusedAda.message).toContain('Bea Okafor');
      // Only its holder releases it; once released, anyone takes it without a reason.
      expect(await call('/api/requests/release', ada, { request: 'R-1' })).toMatchObject({
        ok: false,
        code: 'NOT_HELD_BY_YOU',
      });
      expect(await call('/api/requests/release', bea, { request: 'R-1' })).toMatchObject({ ok: true, holder: null });
      expect((await ledgerRows()).filter((row) => row.event === 'request_released')).toHaveLength(1);
      expect(await call('/api/requests/take', ada, { request: 'R-1' })).toMatchObject({ ok: true, act: 'taken' });
      expect(await storeInOrder(app, ada, planFor('R-1'))).toMatchObject({ ok: true });
    });

    it('refuses a page writing who holds a request, an intake held by someone else, an id given to another thing, and a request no one took in', async () => {
      expect(
        await append(ada, 'state', [
          { type: 'request_held', request: 'R-1', holder: { id: ada.id, name: 'Ada' }, act: 'taken', at: 'now' },
        ]),
      ).toMatchObject({ ok: false, code: 'SERVER_ONLY_EVENT' });
      expect(await append(ada, 'state', [intake('R-1', bea)])).toMatchObject({ ok: false, code: 'INVALID_RECORD' });
      expect(await append(ada, 'state', [intake('R-1', ada)])).toMatchObject({ ok: true });
      // Bea's page chose R-1 at the same moment: another request under the same id is refused.
      const twice = await append(bea, 'state', [
        {
          ...intake('R-1', bea),
          request: { ...(intake('R-1', bea) as { request: DeskRequest }).request, place: 'Quay Road' },
        },
      ]);
      expect(twice).toMatchObject({ ok: false, code: 'ID_TAKEN', status: 409 });
      expect((await stateEvents()).filter((event) => event.type === 'request_taken')).toHaveLength(1);
      expect(await call('/api/requests/take', ada, { request: 'R-9' })).toMatchObject({
        ok: false,
        code: 'REQUEST_UNKNOWN',
      });
      const ledger = await ledgerRows();
      expect(ledger.filter((row) => row.event === 'request_taken')).toHaveLength(1);
    });

    it("lets no page move an id's count: approvals are the server's to number, and a number asked far ahead is the next one", async () => {
      expect(await call('/api/ids', ada, { kind: 'approval', at_least: 1 })).toMatchObject({
        ok: false,
        code: 'MALFORMED_REQUEST',
        status: 400,
      });
      const far = await call('/api/ids', ada, { kind: 'request', at_least: 9_999_999 });
      expect(far).toMatchObject({ ok: true, number: 1 });
      // The kind is not used up: the next page still gets the next number.
      expect(await call('/api/ids', bea, { kind: 'request', at_least: 1 })).toMatchObject({ ok: true, number: 2 });
    });

    it('refuses an id an earlier book gave, after a reset: ids never repeat across books', async () => {
      expect(await append(ada, 'state', [intake('R-1', ada)])).toMatchObject({ ok: true });
      await server.operatorReset?.();
      const again = await append(ada, 'state', [intake('R-1', ada)]);
      expect(again).toMatchObject({ ok: false, code: 'ID_TAKEN', status: 409 });
      expect((await stateEvents()).filter((event) => event.type === 'request_taken')).toHaveLength(0);
    });

    it('hands out an id number only to a signed-in dispatcher, for a kind it knows, each number once; releasing needs a session too', async () => {
      expect(await call('/api/ids', null, { kind: 'request', at_least: 1 })).toMatchObject({
        ok: false,
        code: 'NOT_SIGNED_IN',
      });
      expect(await call('/api/ids', ada, { kind: 'invoice', at_least: 1 })).toMatchObject({ ok: false });
      expect(await call('/api/ids', ada, { kind: 'request', at_least: 0 })).toMatchObject({ ok: false });
      const first = await call('/api/ids', ada, { kind: 'request', at_least: 1 });
      const second = await call('/api/ids', bea, { kind: 'request', at_least: 1 });
      expect(first).toMatchObject({ ok: true });
      expect(second).toMatchObject({ ok: true });
      expect(second['number']).not.toBe(first['number']);
      expect(await append(ada, 'state', [intake('R-1', ada)])).toMatchObject({ ok: true });
      expect(await call('/api/requests/release', null, { request: 'R-1' })).toMatchObject({
        ok: false,
        code: 'NOT_SIGNED_IN',
      });
    });
  },
);

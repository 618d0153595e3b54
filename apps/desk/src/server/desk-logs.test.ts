// The desk's record on its server, over HTTP, on both engines: the ledger and the desk's state log
// are sealed by the server inside one transaction (seq, chain), a page that missed another page's
// append is refused STALE_TAB, concurrent writers lose and duplicate nothing, and the ledger is a
// transparency log: signed tree heads, inclusion and consistency proofs that verify, and a row
// rewritten in the database behind the server's back is caught against a head handed out before.
// Only a signed-in dispatcher's page appends, only rows a page may report, each stamped with that
// dispatcher; a row naming a partner's receipt only with the partner's signature over it.
import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, inject, it, vi } from 'vitest';
import { hexToBytes } from '@noble/hashes/utils.js';
import {
  GENESIS,
  leafHash,
  ledgerLeaf,
  ledgerTree,
  readProofJson,
  serialiseLedger,
  verifyConsistency,
  verifyInclusion,
  verifyLedger,
  verifyTreeHead,
  type LedgerDraft,
  type LedgerRow,
  type LogHead,
  type SignedTreeHead,
} from '@warrant/ledger';
import type { Database, SiteServer } from '@warrant/site-server';
import { leasedReadDraft } from '@warrant/ledger/testing';
import { newSigningKey, signCanonical } from '@warrant/authority';
import { hopDetail, readingStatement } from '@warrant/broker';
import { SITES } from '@warrant/config';
import { openDeskServer } from '../server.ts';
import { ONE_RECORD_REFUSALS } from '../api/log-limits.ts';
import { appTestEngines } from '@warrant/site-server/testing';
import { enrolTestDispatcher, type TestDispatcher } from '../testing/dispatcher-session.ts';
import { raiseTestApproval } from '../testing/test-approvals.ts';
import { unansweredPartners } from '../testing/unanswered-partners.ts';

const hop = (detail: string, extra: Partial<LedgerDraft> = {}): LedgerDraft =>
  leasedReadDraft(detail, { at: '2026-12-02T10:00:00.000Z', ...extra });

interface Answer {
  readonly ok: boolean;
  readonly code?: string;
  readonly [key: string]: unknown;
}

/** A stored record as the desk's table holds it, to put back what a test deleted. */
type StoredRow = { book_no: number; log: string; seq: number; head: string; record: string; writer: string };

const writerId = () => randomUUID().replace(/-/g, '');

// Rows each of three concurrent pages appends: enough that they collide (each test asserts they
// did, and were told so), few enough that the two tests cost seconds, not a quarter of the file.
// It was 50; every page's append awaits its answer, so pages interleave from their first rows.
const PER_PAGE = 20;

// Every test on PGlite. The desk's one PostgreSQL test of its main write path is in ../server.test.ts;
// site-server's own database tests prove the engines agree on what this record relies on.

describe.each(appTestEngines(inject('pgliteRoot'), inject('postgresUrl'), it))(
  "the desk's record on its server, on %s",
  (_engine, open, it) => {
    let db: Database;
    let server: SiteServer;
    let app: Hono;
    let ada: TestDispatcher;
    // The pantry's receipt key, as the desk's server would learn it from the pantry's manifest.
    const pantryKey = newSigningKey();

    // A granted plan's run stays under way (its partners answer nothing): the test's own rows never race it.
    let partners: ReturnType<typeof unansweredPartners>;

    const serve = async () => {
      partners = unansweredPartners();
      server = await openDeskServer(db, {
        receiptKeyOf: async (partner) => (partner === 'pantry' ? pantryKey.publicKey : null),
        reachPartner: partners.reach,
      });
      app = new Hono();
      server.routes(app);
    };

    beforeEach(async () => {
      db = await open();
      await serve();
      ada = await enrolTestDispatcher(app, server, 'Ada');
    });
    afterEach(async () => {
      partners.letGo();
      await server.close();
      await db.close();
    });

    /** A call from Ada's page (her session's cookie), or with `cookie` ('' for none). */
    async function call(
      method: 'GET' | 'POST',
      path: string,
      body?: unknown,
      cookie: string = ada.cookie,
    ): Promise<{ status: number; body: Answer }> {
      const headers: Record<string, string> = cookie ? { cookie } : {};
      const response = await app.request(path, {
        method,
        ...(body === undefined
          ? { headers }
          : { headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) }),
      });
      return { status: response.status, body: (await response.json()) as Answer };
    }

    const headOf = async (log: 'ledger' | 'state'): Promise<LogHead> =>
      (await call('GET', `/api/logs/${log}`)).body['head'] as LogHead;
    const ledgerRows = async (): Promise<LedgerRow[]> =>
      ((await call('GET', '/api/logs/ledger')).body['entries'] as { record: LedgerRow }[]).map((entry) => entry.record);
    /** The rows a page reported (stamped reported_by), leaving out those the server wrote itself (Ada's enrolment, row 1). */
    const reportedRows = async (): Promise<LedgerRow[]> =>
      (await ledgerRows()).filter((row) => row.detail.startsWith('reported_by='));
    const append = (writer: string, basis: LogHead, records: readonly unknown[], log: 'ledger' | 'state' = 'ledger') =>
      call('POST', `/api/logs/${log}/append`, { writer, basis, records });

    /** Appends `count` rows as one page would: one at a time, on what it has seen, catching up when refused. */
    async function page(writer: string, count: number, name: string): Promise<number> {
      let basis = await headOf('ledger');
      let refusedStale = 0;
      for (let index = 0; index < count;) {
        const answer = await append(writer, basis, [hop(`${name} ${index}`)]);
        if (answer.body.ok) {
          basis = answer.body['head'] as LogHead;
          index += 1;
        } else {
          expect(answer.body.code).toBe('STALE_TAB');
          refusedStale += 1;
          basis = await headOf('ledger');
        }
      }
      return refusedStale;
    }

    it('seals each appended row itself (seq, chain from the genesis) and answers them; the rows export as a ledger that verifies', async () => {
      const writer = writerId();
      // Row 1 is Ada's enrolment, which the desk's server recorded, chained from the genesis.
      const enrolled = await headOf('ledger');
      expect(enrolled).toMatchObject({ epoch: 1, seq: 1 });
      expect((await ledgerRows())[0]).toMatchObject({ seq: 1, event: 'dispatcher_enrolled' });
      const first = await append(writer, enrolled, [hop('one'), hop('two')]);
      expect(first.body).toMatchObject({ ok: true, head: { epoch: 1, seq: 3 } });
      const again = await append(writer, first.body['head'] as LogHead, [hop('three')]);
      expect(again.body).toMatchObject({ ok: true, head: { seq: 4 } });
      const rows = await ledgerRows();
      expect(rows.slice(1).map((row) => [row.seq, row.detail])).toEqual([
        [2, `reported_by=${ada.id} one`],
        [3, `reported_by=${ada.id} two`],
        [4, `reported_by=${ada.id} three`],
      ]);
      expect(verifyLedger(serialiseLedger(rows))).toMatchObject({ ok: true, rows: 4 });
    });

    it("refuses a page's append with STALE_TAB when another page wrote since it looked, naming what it missed; its own earlier appends never make it stale", async () => {
      const [one, two] = [writerId(), writerId()];
      const start = await headOf('ledger');
      const mine = await append(one, start, [hop('mine')]);
      // Page one appends again on the head it had before its own append: still not stale.
      expect((await append(one, start, [hop('mine again')])).body).toMatchObject({ ok: true });
      const stale = await append(two, start, [hop('theirs')]);
      expect(stale.status).toBe(409);
      expect(stale.body).toMatchObject({ ok: false, isError: true, code: 'STALE_TAB', details: { restarted: false } });
      expect(
        (stale.body['details'] as { missed: { record: LedgerRow }[] }).missed.map((entry) => entry.record.detail),
      ).toEqual([`reported_by=${ada.id} mine`, `reported_by=${ada.id} mine again`]);
      expect((await reportedRows()).map((row) => row.detail)).toEqual([
        `reported_by=${ada.id} mine`,
        `reported_by=${ada.id} mine again`,
      ]);
      expect(mine.body['head']).toMatchObject({ seq: 2 });
    });

    it('refuses a row or event that is not one, and a malformed append, changing nothing', async () => {
      const writer = writerId();
      const basis = await headOf('ledger');
      const bad = await append(writer, basis, [hop('fine'), { ...hop('bad'), actor: 'emperor' }]);
      expect(bad.status).toBe(422);
      expect(bad.body).toMatchObject({ ok: false, isError: true, details: { index: 1 } });
      const notEvent = await append(writer, await headOf('state'), [{ type: 'coup' }], 'state');
      expect(notEvent.body).toMatchObject({ ok: false, code: 'INVALID_RECORD' });
      expect(
        (await call('POST', '/api/logs/ledger/append', { writer: 'not hex!', basis, records: [hop('x')] })).body,
      ).toMatchObject({ code: 'MALFORMED_REQUEST' });
      expect((await call('POST', '/api/logs/ledger/append', { writer, basis, records: [] })).body).toMatchObject({
        code: 'MALFORMED_REQUEST',
      });
      expect((await call('GET', '/api/logs/secrets')).status).toBe(404);
      expect(await reportedRows()).toEqual([]);
      expect(await headOf('state')).toMatchObject({ seq: 0 });
    });

    it('three pages appending 20 rows each at once: 60 rows, none lost, none twice, one chain', async () => {
      const refusedStale = await Promise.all([
        page(writerId(), PER_PAGE, 'A'),
        page(writerId(), PER_PAGE, 'B'),
        page(writerId(), PER_PAGE, 'C'),
      ]);
      const rows = await reportedRows();
      expect(rows).toHaveLength(3 * PER_PAGE);
      expect(new Set(rows.map((row) => row.detail)).size).toBe(3 * PER_PAGE);
      const said = (row: LedgerRow) => row.detail.replace(`reported_by=${ada.id} `, '');
      for (const name of ['A', 'B', 'C'])
        expect(rows.filter((row) => said(row).startsWith(`${name} `)).map(said)).toEqual(
          Array.from({ length: PER_PAGE }, (_, index) => `${name} ${index}`),
        );
      expect(verifyLedger(serialiseLedger(await ledgerRows()))).toMatchObject({ ok: true, rows: 3 * PER_PAGE + 1 });
      // They did collide, and were told so: a page never appends on a head it has not seen.
      expect(refusedStale.reduce((sum, count) => sum + count, 0)).toBeGreaterThan(0);
    });

    it("the ledger, a record of what happened, takes a page's rows after other pages' at once (after_others), answering what the page missed: three pages x 20 at once, none refused, none lost, none twice, one chain", async () => {
      const afterOthers = async (writer: string, count: number, name: string): Promise<number> => {
        let basis = await headOf('ledger');
        let missedSeen = 0;
        for (let index = 0; index < count; index += 1) {
          const answer = await call('POST', '/api/logs/ledger/append', {
            writer,
            basis,
            records: [hop(`${name} ${index}`)],
            after_others: true,
          });
          expect(answer.body).toMatchObject({ ok: true });
          const missed = answer.body['missed'] as { seq: number }[];
          const entries = answer.body['entries'] as { seq: number }[];
          // What the page missed and its own rows follow on from the head it named, without a gap.
          expect([...missed, ...entries].map((entry) => entry.seq)).toEqual(
            Array.from({ length: missed.length + entries.length }, (_, at) => basis.seq + 1 + at),
          );
          missedSeen += missed.length;
          basis = answer.body['head'] as LogHead;
        }
        return missedSeen;
      };
      const missed = await Promise.all([
        afterOthers(writerId(), PER_PAGE, 'A'),
        afterOthers(writerId(), PER_PAGE, 'B'),
        afterOthers(writerId(), PER_PAGE, 'C'),
      ]);
      const rows = await reportedRows();
      expect(rows).toHaveLength(3 * PER_PAGE);
      expect(new Set(rows.map((row) => row.detail)).size).toBe(3 * PER_PAGE);
      expect(verifyLedger(serialiseLedger(await ledgerRows()))).toMatchObject({ ok: true, rows: 3 * PER_PAGE + 1 });
      expect(missed.reduce((sum, count) => sum + count, 0)).toBeGreaterThan(0);
      // The desk's state log, where a page decides on what it has seen, never appends after others.
      const state = await call('POST', '/api/logs/state/append', {
        writer: writerId(),
        basis: await headOf('state'),
        records: [{ type: 'coup' }],
        after_others: true,
      });
      expect(state.body).toMatchObject({ ok: false, isError: true, code: 'MALFORMED_REQUEST' });
    });

    it('starts both records afresh in a new book on a reset; a page still on the old book is told to reload', async () => {
      const writer = writerId();
      const old = await headOf('ledger');
      const done = await append(writer, old, [hop('before the reset')]);
      // A page's reset takes a dispatcher's passkey (reset.test.ts): no session, or a session alone,
      // opens no book. The operator's opens the book here.
      expect((await call('POST', '/api/reset', {}, '')).status).toBe(401);
      expect((await call('POST', '/api/reset', {})).status).toBe(403);
      expect(await headOf('ledger')).toMatchObject({ epoch: 1 });
      await server.operatorReset?.();
      expect(await headOf('ledger')).toEqual({ epoch: 2, seq: 0, hash: GENESIS });
      const late = await append(writer, done.body['head'] as LogHead, [hop('after')]);
      expect(late.body).toMatchObject({ code: 'STALE_TAB', details: { restarted: true } });
      expect(await ledgerRows()).toEqual([]);
      const since = await call('GET', '/api/logs/ledger?epoch=1&seq=1');
      expect(since.body).toMatchObject({ ok: true, restarted: true, entries: [] });
    });

    describe('who may add to it', () => {
      /** A pantry write's result row, naming its receipt, as the broker in a page reports it. */
      function resultRow(
        receipt: { id: string; digest: string; signature?: string },
        extra: Partial<LedgerDraft> = {},
      ) {
        return hop(
          hopDetail({
            tool: 'reserve_parcels',
            shape: 'object',
            receipt: receipt.id,
            receipt_digest: receipt.digest,
            verified: 'yes',
            receipt_signature: receipt.signature,
          }),
          { event: 'tool_result', from: 'pantry', to: 'desk', verb: 'commit_plan', request: 'R-1', ...extra },
        );
      }
      const signedReceipt = (id: string, key = pantryKey) => {
        const unsigned = { id, tool: 'reserve_parcels', request: 'R-1', digest: 'ab'.repeat(32) };
        return { ...unsigned, signature: signCanonical(key, unsigned) };
      };
      /** What the pantry's server signs over a read's answer (the broker's partner contract). */
      const signedReading = (
        options: { tool?: string; at?: string; digest?: string; key?: ReturnType<typeof newSigningKey> } = {},
      ) => {
        const reading = {
          tool: options.tool ?? 'list_parcel_stock',
          at: options.at ?? new Date().toISOString(),
          digest: options.digest ?? 'ef'.repeat(32),
        };
        return { ...reading, signature: signCanonical(options.key ?? pantryKey, readingStatement(reading)) };
      };
      /** A pantry read's result row as the broker in a page reports it, with the reading it names. */
      const readRow = (
        reading: { tool: string; at: string; digest: string; signature?: string },
        extra: Partial<LedgerDraft> = {},
        tool = 'list_parcel_stock',
      ) =>
        hop(
          hopDetail({
            tool,
            shape: 'object',
            reading_digest: reading.digest,
            reading_at: reading.at,
            reading_signature: reading.signature,
            verified: 'yes',
          }),
          { event: 'tool_result', from: 'pantry', to: 'desk', ...extra },
        );

      it('refuses an append with no dispatcher signed in, to either record, and records nothing', async () => {
        const ledger = await call(
          'POST',
          '/api/logs/ledger/append',
          { writer: writerId(), basis: await headOf('ledger'), records: [hop('anyone')] },
          '',
        );
        expect(ledger).toMatchObject({ status: 401, body: { ok: false, isError: true, code: 'NOT_SIGNED_IN' } });
        const state = await call(
          'POST',
          '/api/logs/state/append',
          { writer: writerId(), basis: await headOf('state'), records: [{ type: 'coup' }] },
          'warrant_dispatcher=made-up',
        );
        expect(state).toMatchObject({ status: 401, body: { code: 'NOT_SIGNED_IN' } });
        expect(await reportedRows()).toEqual([]);
        expect(await headOf('state')).toMatchObject({ seq: 0 });
      });

      it('stamps every row with the dispatcher whose session it came through, reported by their page; a row cannot name its own reporter', async () => {
        const ben = await enrolTestDispatcher(app, server, 'Ben');
        const writer = writerId();
        await append(writer, await headOf('ledger'), [hop('seen by Ada'), hop('')]);
        await call(
          'POST',
          '/api/logs/ledger/append',
          { writer, basis: await headOf('ledger'), records: [hop('seen by Ben')], after_others: true },
          ben.cookie,
        );
        expect((await reportedRows()).map((row) => row.detail)).toEqual([
          `reported_by=${ada.id} seen by Ada`,
          `reported_by=${ada.id}`,
          `reported_by=${ben.id} seen by Ben`,
        ]);
        const claimed = await append(writer, await headOf('ledger'), [hop(`reported_by=${ben.id} not me`)]);
        expect(claimed).toMatchObject({ status: 403, body: { ok: false, isError: true, code: 'INVALID_RECORD' } });
        expect(await reportedRows()).toHaveLength(3);
      });

      it("refuses from a page the rows only the desk's server writes: who enrolled, was invited or removed", async () => {
        for (const event of ['dispatcher_enrolled', 'dispatcher_invited', 'dispatcher_removed'] as const) {
          const made = await append(writerId(), await headOf('ledger'), [
            hop('fine'),
            hop('name=Mallory', { event, actor: 'human', channel: 'ui' }),
          ]);
          expect(made).toMatchObject({
            status: 403,
            body: { ok: false, isError: true, code: 'SERVER_ONLY_EVENT', details: { event, index: 1 } },
          });
        }
        expect(await reportedRows()).toEqual([]);
      });

      it("refuses from a page the rows of an approved plan's run, which the desk's server carries out and records itself: a plan started or finished, a step undone or not, a partner call under an approval", async () => {
        const runRows = [
          hop('outcome=done', { event: 'plan_finished', actor: 'system', channel: 'ui', verb: '', to: 'desk' }),
          hop('steps=2', { event: 'plan_started', actor: 'system', channel: 'ui', verb: '', to: 'desk' }),
          hop('step=1', { event: 'step_compensated', actor: 'system', channel: 'ui', approval: 'A-1' }),
          hop('step=1', { event: 'compensation_failed', actor: 'system', channel: 'ui', approval: 'A-1' }),
          hop('tool=reserve_parcels', { event: 'tool_invoked', approval: 'A-1' }),
          hop('tool=reserve_parcels', { event: 'tool_result', from: 'pantry', to: 'desk', approval: 'A-1' }),
        ];
        for (const row of runRows) {
          const made = await append(writerId(), await headOf('ledger'), [hop('fine'), row]);
          expect(made, row.event).toMatchObject({
            status: 403,
            body: { ok: false, isError: true, code: 'SERVER_ONLY_EVENT', details: { event: row.event, index: 1 } },
          });
        }
        expect(await reportedRows()).toEqual([]);
        // A partner call a page saw outside any run (an agent's read through its lease) it still reports.
        expect(
          await append(writerId(), await headOf('ledger'), [hop('tool=list_parcel_stock'), readRow(signedReading())]),
        ).toMatchObject({ status: 200, body: { ok: true } });
        expect(await reportedRows()).toHaveLength(2);
      });

      it("takes a page's approval granted or rejected only when the server holds that approval so decided (a grant only with a passkey)", async () => {
        const desk = SITES.desk.origin;
        const raise = async (id: string, request: string) => {
          const raised = await raiseTestApproval(app, ada, {
            v: 1,
            request,
            steps: [{ origin: SITES.pantry.origin, tool: 'reserve_parcels', args: {} }],
          });
          expect(raised).toMatchObject({ ok: true, approval: { id } });
          return {
            challenge: raised['challenge'] as string,
            digest: (raised['statement'] as { plan_digest: string }).plan_digest,
          };
        };
        const decisionRow = (event: 'approval_granted' | 'approval_rejected', approval: string, digest: string) =>
          hop('label=Umbrellas', { event, actor: 'human', channel: 'ui', request: 'R-1', approval, digest });
        const granted = await raise('A-1', 'R-1');
        const rejected = await raise('A-2', 'R-2');
        // Made up: the server holds both approvals pending; no person decided either.
        for (const [event, held] of [
          ['approval_granted', granted],
          ['approval_rejected', rejected],
        ] as const) {
          const id = held === granted ? 'A-1' : 'A-2';
          expect(await append(writerId(), await headOf('ledger'), [decisionRow(event, id, held.digest)])).toMatchObject(
            {
              status: 403,
              body: { ok: false, isError: true, code: 'NOT_DECIDED_BY_SERVER', details: { event, approval: id } },
            },
          );
        }
        // Ada approves A-1 with her passkey and rejects A-2: now her page's rows of those decisions stand,
        // and no other (another approval's id, another plan's digest, the other decision).
        expect(
          (
            await call('POST', `/api/approvals/${granted.challenge}/grant`, {
              response: ada.passkey.assert(granted.challenge, desk, new URL(desk).hostname),
            })
          ).body,
        ).toMatchObject({ ok: true });
        expect((await call('POST', `/api/approvals/${rejected.challenge}/reject`, {})).body).toMatchObject({
          ok: true,
        });
        // The desk's server starts A-1's run itself: its first row lands before the page's rows below.
        await vi.waitFor(async () => expect((await ledgerRows()).map((row) => row.event)).toContain('plan_started'), {
          timeout: 30_000,
          interval: 100,
        });
        for (const row of [
          decisionRow('approval_granted', 'A-2', rejected.digest),
          decisionRow('approval_granted', 'A-1', rejected.digest),
          decisionRow('approval_rejected', 'A-1', granted.digest),
        ])
          expect((await append(writerId(), await headOf('ledger'), [row])).body).toMatchObject({
            code: 'NOT_DECIDED_BY_SERVER',
          });
        expect(await reportedRows()).toEqual([]);
        const writer = writerId();
        expect(
          (
            await append(writer, await headOf('ledger'), [
              decisionRow('approval_granted', 'A-1', granted.digest),
              decisionRow('approval_rejected', 'A-2', rejected.digest),
            ])
          ).body,
        ).toMatchObject({ ok: true });
        expect((await reportedRows()).map((row) => [row.event, row.approval])).toEqual([
          ['approval_granted', 'A-1'],
          ['approval_rejected', 'A-2'],
        ]);
      });

      it("takes a tool_result naming a receipt only when the partner's signature over it verifies and its digest is the row's", async () => {
        const writer = writerId();
        const good = signedReceipt('RC-1-1');
        expect((await append(writer, await headOf('ledger'), [resultRow(good)])).body).toMatchObject({ ok: true });

        const refusedAs = async (row: LedgerDraft) => {
          const answer = await append(writer, await headOf('ledger'), [row]);
          expect(answer).toMatchObject({ status: 403, body: { ok: false, isError: true, code: 'RECEIPT_UNVERIFIED' } });
        };
        // Made up: no signature at all.
        await refusedAs(resultRow({ id: 'RC-1-2', digest: 'cd'.repeat(32) }));
        // Signed by someone else's key.
        await refusedAs(resultRow(signedReceipt('RC-1-3', newSigningKey())));
        // The partner's signature, over another digest than the row names.
        await refusedAs(resultRow({ ...signedReceipt('RC-1-4'), digest: 'cd'.repeat(32) }));
        // The partner's signature, on a row for another request.
        await refusedAs(resultRow(signedReceipt('RC-1-5'), { request: 'R-2' }));
        // A partner whose key the desk cannot learn.
        await refusedAs(resultRow(signedReceipt('RC-1-6'), { from: 'shelter' }));
        // A write's result with no receipt (the partner's answer did not carry one) names none to check.
        expect(
          (
            await append(writer, await headOf('ledger'), [
              hop('tool=reserve_parcels receipt=missing', { event: 'tool_result', from: 'pantry' }),
            ])
          ).body,
        ).toMatchObject({ ok: true });
        expect((await reportedRows()).map((row) => row.seq)).toEqual([2, 3]);
      });

      it("takes a partner's answer to a read only as the partner's server signed it: a page cannot make up capacity", async () => {
        const writer = writerId();
        expect((await append(writer, await headOf('ledger'), [readRow(signedReading())])).body).toMatchObject({
          ok: true,
        });
        const refusedAs = async (row: LedgerDraft, why: string) => {
          const answer = await append(writer, await headOf('ledger'), [row]);
          expect(answer, why).toMatchObject({
            status: 403,
            body: { ok: false, isError: true, code: 'READING_UNVERIFIED', details: { partner: row.from } },
          });
        };
        const { signature: _none, ...unsigned } = signedReading();
        await refusedAs(readRow(unsigned), 'no signature');
        await refusedAs(
          hop('tool=list_parcel_stock shape=object', { event: 'tool_result', from: 'pantry', to: 'desk' }),
          'no reading at all',
        );
        await refusedAs(readRow(signedReading({ key: newSigningKey() })), "signed with another's key");
        await refusedAs(readRow({ ...signedReading(), digest: 'cd'.repeat(32) }), 'another digest than was signed');
        await refusedAs(
          readRow(signedReading({ tool: 'read_pantry_notes' })),
          'the reading of another tool, on a row for this one',
        );
        await refusedAs(
          readRow(signedReading({ at: new Date(Date.now() - 11 * 60_000).toISOString() })),
          'a reading from eleven minutes ago',
        );
        await refusedAs(readRow(signedReading(), { from: 'shelter' }), 'a partner whose key the desk cannot learn');
        await refusedAs(
          hop('tool=list_parcel_stock shape=object receipt=missing', {
            event: 'tool_result',
            from: 'pantry',
            to: 'desk',
          }),
          'a read passed off as a write whose receipt went missing',
        );
        // The pantry's signature over a receipt is not a reading, though it is the same key.
        const receipt = signedReceipt('RC-9-1');
        await refusedAs(
          readRow({
            tool: 'list_parcel_stock',
            at: new Date().toISOString(),
            digest: receipt.digest,
            signature: receipt.signature,
          }),
          "a receipt's signature passed off as a reading",
        );
        // A read that failed says no partner answered anything: it needs no reading.
        expect(
          (
            await append(writer, await headOf('ledger'), [
              hop('tool=list_parcel_stock code=PARTNER_UNREACHABLE', {
                event: 'tool_result',
                from: 'pantry',
                to: 'desk',
                status: 'error',
              }),
            ])
          ).body,
        ).toMatchObject({ ok: true });
        expect((await reportedRows()).map((row) => row.event)).toEqual(['tool_result', 'tool_result']);
      });

      it('refuses an unsigned answer in a batch by its place, as one record (the page sends the others again)', async () => {
        const writer = writerId();
        const { signature: _none, ...unsigned } = signedReading();
        const answer = await append(writer, await headOf('ledger'), [readRow(signedReading()), readRow(unsigned)]);
        expect(answer).toMatchObject({ status: 403, body: { code: 'READING_UNVERIFIED', details: { index: 1 } } });
        expect(ONE_RECORD_REFUSALS).toContain((answer.body as { code: string }).code);
        expect(await reportedRows()).toEqual([]);
      });
    });

    describe('as a transparency log', () => {
      async function rows(count: number): Promise<LedgerRow[]> {
        let basis = await headOf('ledger');
        const writer = writerId();
        for (let index = 0; index < count; index += 1)
          basis = (await append(writer, basis, [hop(`row ${index + 1}`)])).body['head'] as LogHead;
        return ledgerRows();
      }
      const deskKey = async () =>
        ((await call('GET', '/.well-known/warrant-desk.json')).body as unknown as { key: string }).key;
      const head = async (size?: number) =>
        (await call('GET', `/api/ledger/head${size === undefined ? '' : `?size=${size}`}`))
          .body as unknown as SignedTreeHead;

      it("signs the head of the tree over every row with the desk's published key; its root is the RFC 6962 tree of the rows' TSV lines", async () => {
        // Ada's enrolment and six rows from her page.
        const stored = await rows(6);
        const latest = await head();
        const checked = verifyTreeHead(latest, { key: await deskKey() });
        expect(checked).toMatchObject({ ok: true });
        expect(latest.size).toBe(7);
        expect(latest.root_hash).toBe(Buffer.from(ledgerTree(stored).root()).toString('hex'));
        // The same size answers the same head, signature and all.
        expect(await head(7)).toEqual(latest);
        expect((await call('GET', '/api/ledger/head?size=3')).body).toMatchObject({
          ok: false,
          code: 'HEAD_NOT_FOUND',
        });
      });

      it('answers inclusion proofs that verify for every row, and not for another row; consistency proofs that verify from an earlier head', async () => {
        await rows(3);
        const early = await head();
        const stored = await rows(6);
        const late = await head();
        for (const row of stored) {
          const proof = readProofJson(
            (await call('GET', `/api/ledger/proof/inclusion?seq=${row.seq}&size=${late.size}`)).body,
          );
          if (!proof.ok || proof.kind !== 'inclusion') throw new Error('not an inclusion proof');
          expect(
            verifyInclusion(row.seq - 1, late.size, leafHash(ledgerLeaf(row)), proof.path, hexToBytes(late.root_hash)),
          ).toBe(true);
          const other = stored[row.seq % stored.length] as LedgerRow;
          expect(
            verifyInclusion(
              row.seq - 1,
              late.size,
              leafHash(ledgerLeaf(other)),
              proof.path,
              hexToBytes(late.root_hash),
            ),
          ).toBe(false);
        }
        const consistency = readProofJson(
          (await call('GET', `/api/ledger/proof/consistency?from=${early.size}&to=${late.size}`)).body,
        );
        if (!consistency.ok || consistency.kind !== 'consistency') throw new Error('not a consistency proof');
        expect(
          verifyConsistency(
            early.size,
            late.size,
            consistency.path,
            hexToBytes(early.root_hash),
            hexToBytes(late.root_hash),
          ),
        ).toBe(true);
        expect((await call('GET', '/api/ledger/proof/inclusion?seq=99')).body).toMatchObject({
          ok: false,
          code: 'NO_SUCH_TREE',
        });
        expect((await call('GET', '/api/ledger/proof/consistency?from=9&to=4')).body).toMatchObject({
          ok: false,
          code: 'NO_SUCH_TREE',
        });
      });

      it('a row rewritten in the database behind the server: no consistency proof from the head handed out before verifies, and the desk signs no head that does not extend it', async () => {
        // Ada's enrolment and four rows from her page; 'row 2' is the ledger's row 3.
        await rows(4);
        const before = await head();
        await db.query(
          "UPDATE desk_log_records SET record = replace(record, 'row 2', 'row 9') WHERE log = 'ledger' AND seq = 3",
        );
        await rows(1);
        // A fresh process builds its tree from what the database holds now.
        await server.close();
        await serve();
        const proof = readProofJson((await call('GET', `/api/ledger/proof/consistency?from=${before.size}&to=6`)).body);
        if (!proof.ok || proof.kind !== 'consistency') throw new Error('not a consistency proof');
        const rewritten = ledgerTree(await ledgerRows());
        expect(verifyConsistency(before.size, 6, proof.path, hexToBytes(before.root_hash), rewritten.root(6))).toBe(
          false,
        );
        expect(await call('GET', '/api/ledger/head')).toMatchObject({
          status: 409,
          body: {
            ok: false,
            isError: true,
            code: 'LEDGER_NOT_CONSISTENT_WITH_SIGNED',
            details: { signed_size: 5, stored_size: 6 },
          },
        });
        expect((await call('GET', '/api/ledger/head?size=6')).body).toMatchObject({ code: 'HEAD_NOT_FOUND' });
      });

      it('rows deleted from the database: the desk signs no smaller head and says so in plain words, and signs nothing until the rows are back and a dispatcher has looked', async () => {
        // Ada's enrolment and four rows from her page.
        await rows(4);
        const signed = await head();
        expect(signed.size).toBe(5);
        const gone = await db.query<StoredRow>(
          "SELECT * FROM desk_log_records WHERE log = 'ledger' AND seq > 3 ORDER BY seq",
        );
        await db.query("DELETE FROM desk_log_records WHERE log = 'ledger' AND seq > 3");
        const shorter = await call('GET', '/api/ledger/head');
        expect(shorter).toMatchObject({
          status: 409,
          body: {
            ok: false,
            isError: true,
            code: 'LEDGER_SHORTER_THAN_SIGNED',
            details: { problem: 'shorter', signed_size: 5, stored_size: 3, looked_by: null },
          },
        });
        expect(shorter.body['message']).toBe(
          "The desk's record has 3 rows, but the desk signed a head of 5 rows: 2 rows it signed are gone from its database. The desk signs no smaller head and no new head until they are back and a dispatcher has looked.",
        );
        // A fresh process finds the same, and rows appended in the place of the lost ones change nothing.
        await server.close();
        await serve();
        await rows(2);
        expect((await call('GET', '/api/ledger/head')).body).toMatchObject({
          code: 'LEDGER_NOT_CONSISTENT_WITH_SIGNED',
          details: { signed_size: 5, stored_size: 5 },
        });
        expect(
          (await db.query<{ size: number }>('SELECT size FROM desk_ledger_heads ORDER BY size')).map((row) => row.size),
        ).toEqual([5]);

        // Looking takes a dispatcher's session; looking alone signs nothing smaller.
        expect((await call('POST', '/api/ledger/holds/look', {}, '')).body).toMatchObject({ code: 'NOT_SIGNED_IN' });
        expect((await call('POST', '/api/ledger/holds/look', {})).body).toMatchObject({ ok: true, looked: 2 });
        expect((await call('GET', '/api/ledger/head')).body).toMatchObject({
          code: 'LEDGER_NOT_CONSISTENT_WITH_SIGNED',
          details: { looked_by: ada.id },
        });

        // The rows restored from a backup: the desk's record extends its head again, and it signs on.
        await db.query("DELETE FROM desk_log_records WHERE log = 'ledger' AND seq > 3");
        for (const row of gone)
          await db.query(
            'INSERT INTO desk_log_records (book_no, log, seq, head, record, writer) VALUES ($1, $2, $3, $4, $5, $6)',
            [row.book_no, row.log, row.seq, row.head, row.record, row.writer],
          );
        expect(await head()).toEqual(signed);
        await rows(1);
        expect(verifyTreeHead(await head(), { key: await deskKey() })).toMatchObject({ ok: true, head: { size: 6 } });
      });

      it('found rows missing, then restored before anyone looked: still signs nothing new until a dispatcher has looked', async () => {
        await rows(2);
        await head();
        const [last] = await db.query<StoredRow>("SELECT * FROM desk_log_records WHERE log = 'ledger' AND seq = 3");
        await db.query("DELETE FROM desk_log_records WHERE log = 'ledger' AND seq = 3");
        expect((await call('GET', '/api/ledger/head')).body).toMatchObject({ code: 'LEDGER_SHORTER_THAN_SIGNED' });
        await db.query(
          'INSERT INTO desk_log_records (book_no, log, seq, head, record, writer) VALUES ($1, $2, $3, $4, $5, $6)',
          [last!.book_no, last!.log, last!.seq, last!.head, last!.record, last!.writer],
        );
        await rows(1);
        expect((await call('GET', '/api/ledger/head')).body).toMatchObject({
          code: 'LEDGER_HELD',
          details: { problem: 'shorter', signed_size: 3 },
        });
        await call('POST', '/api/ledger/holds/look', {});
        expect(await head()).toMatchObject({ size: 4 });
      });
    });
  },
);

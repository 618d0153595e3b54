// A partner keeps the desk's signed tree head with every authorized write, after it has answered
// the write: the answer does not wait on the desk's ledger. So a server can stop between its
// answer and keeping the head, and the audit must then say so instead of passing as if the head
// were there. On both engines, with a desk of real parts: the test desk's key and passkey
// (./testing/test-desk.ts) and a ledger of real sealed rows in a real Merkle tree, its heads signed
// with the desk's key and its proofs computed from that tree, served as the desk's routes answer.
import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, inject, it, vi } from 'vitest';
import { AUTHORIZATION_FIELD } from '@warrant/authority';
import { hopDetail, type PlanSubstance } from '@warrant/broker';
import { SITES } from '@warrant/config';
import {
  consistencyProofJson,
  GENESIS,
  inclusionProofJson,
  ledgerLeaf,
  MerkleTree,
  sealRow,
  signTreeHead,
  type LedgerRow,
} from '@warrant/ledger';
import { leasedReadDraft } from '@warrant/ledger/testing';
import type { Database } from '@warrant/site-server';
import { appTestEngines } from '@warrant/site-server/testing';
import { umbrellaStand } from '../fixture/umbrella-stand.ts';
import { compensationsOf } from '../manifest.ts';
import type { DeskAuditRecord } from '../desk-audit-record.ts';
import type { AskDesk } from './desk-audit.ts';
import { openPartnerServer, type PartnerServer } from './partner-server.ts';
import { testDesk, type TestDesk } from './testing/test-desk.ts';

/** The desk's ledger as its routes serve it: sealed rows, their tree, heads signed with the desk's key. */
function deskLedger(desk: TestDesk) {
  const rows: LedgerRow[] = [];
  const hidden = new Set<string>();
  const tree = new MerkleTree();
  // A held head request (the next one after hold) waits until released; a desk that honours the
  // partner's giving up stops waiting then too, one that hangs does not.
  let held: { readonly until: Promise<void>; readonly honoursAbort: boolean } | null = null;
  let release = () => {};
  const asked: AbortSignal[] = [];
  const ask: AskDesk = async (path, signal) => {
    const url = new URL(path, 'http://desk');
    const size = Number(url.searchParams.get('size') ?? tree.size);
    if (url.pathname === '/api/ledger/head') {
      asked.push(signal);
      const hold = held;
      held = null;
      if (hold?.honoursAbort)
        await Promise.race([
          hold.until,
          new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason as Error))),
        ]);
      else if (hold) await hold.until;
      return Response.json(signTreeHead({ size: tree.size, root: tree.root() }, desk.key.secretKey));
    }
    if (url.pathname === '/api/logs/ledger')
      return Response.json({ entries: rows.filter((row) => !hidden.has(row.detail)).map((record) => ({ record })) });
    if (url.pathname === '/api/ledger/proof/inclusion')
      return Response.json(inclusionProofJson(tree, Number(url.searchParams.get('seq')), size));
    if (url.pathname === '/api/ledger/proof/consistency')
      return Response.json(
        consistencyProofJson(tree, Number(url.searchParams.get('from')), Number(url.searchParams.get('to'))),
      );
    return new Response('not found', { status: 404 });
  };
  const detailOf = (receipt: string) => hopDetail({ tool: 'lend_umbrellas', receipt });
  return {
    ask,
    /** Every head request so far, by its signal (aborted once the partner gave up on it). */
    asked,
    /** The desk records the partner's result row naming `receipt`, as it does once the partner answered. */
    recordResult(receipt: string) {
      const draft = leasedReadDraft(detailOf(receipt), {
        event: 'tool_result',
        from: 'pantry',
        to: 'desk',
        verb: 'lend_umbrellas',
      });
      // The store empties absent tokens and text; the plan, approval and digest are none here.
      const row = sealRow(rows.at(-1)?.chain ?? GENESIS, {
        seq: rows.length + 1,
        request: '',
        plan: '',
        approval: '',
        digest: '',
        ...draft,
      } as Omit<LedgerRow, 'chain'>);
      rows.push(row);
      tree.append(ledgerLeaf(row));
    },
    /** The desk no longer lists the row naming `receipt` (its tree still covers it). */
    hide(receipt: string) {
      hidden.add(detailOf(receipt));
    },
    /** The next head request waits until `release`. */
    hold(options: { readonly honoursAbort: boolean }) {
      held = { until: new Promise((resolve) => (release = resolve)), ...options };
    },
    release() {
      release();
    },
  };
}

describe.each(appTestEngines(inject('pgliteRoot'), inject('postgresUrl'), it))(
  "the desk's heads a partner keeps, on %s",
  (_engine, open) => {
    let db: Database;
    let desk: TestDesk;
    let ledger: ReturnType<typeof deskLedger>;
    let clock: Date;
    const servers: PartnerServer<unknown>[] = [];

    /** The partner's server over `db`, with its routes (a second one over the same data is the server after a restart). */
    async function start(): Promise<Hono> {
      const server = (await openPartnerServer(umbrellaStand, {
        db,
        now: () => clock,
        desk: desk.trust,
        deskLedger: ledger.ask,
      })) as PartnerServer<unknown>;
      servers.push(server);
      const app = new Hono();
      server.routes(app);
      return app;
    }

    beforeEach(async () => {
      db = await open();
      desk = testDesk(compensationsOf(umbrellaStand));
      ledger = deskLedger(desk);
      clock = new Date();
    });
    afterEach(async () => {
      ledger.release();
      for (const server of servers.splice(0)) await server.close();
      await db.close();
    });

    const post = async (app: Hono, path: string, body: unknown): Promise<Record<string, unknown>> =>
      (await (
        await app.request(path, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
      ).json()) as Record<string, unknown>;

    /** One authorized write of the desk's approval `approval`: its receipt id. */
    async function write(app: Hono, approval: string): Promise<string> {
      const substance: PlanSubstance = {
        v: 1,
        request: `R-${approval}`,
        steps: [{ origin: SITES.pantry.origin, tool: 'lend_umbrellas', args: { count: 1, borrower: 'Bo' } }],
      };
      const [step] = desk.approve(approval, substance).steps;
      const answer = await post(app, '/api/writes/lend_umbrellas', {
        input: { ...step!.args, [AUTHORIZATION_FIELD]: step!.step },
        caller: 'runner',
        channel: 'desk',
      });
      expect(answer).toMatchObject({ ok: true });
      return (answer['receipt'] as { id: string }).id;
    }

    /** The staff's "Check the desk's record", a minute on (past the grace for the desk's rows). */
    async function audit(app: Hono): Promise<DeskAuditRecord> {
      clock = new Date(clock.getTime() + 60_000);
      const answer = await post(app, '/api/desk-audit', {});
      expect(answer).toMatchObject({ ok: true });
      return answer['audit'] as DeskAuditRecord;
    }

    const keptFor = async (receipt: string) =>
      db.query<{ head: unknown; problem: string | null }>(
        'SELECT head, problem FROM partner_desk_heads WHERE receipt = $1',
        [receipt],
      );

    it("answers the write without waiting for the desk's head, then keeps the head with its receipt; an audit waits for a head still being kept", async () => {
      const app = await start();
      ledger.hold({ honoursAbort: true });
      const receipt = await write(app, 'A-1');
      // Answered while the head request is still out, not given up on.
      expect(ledger.asked).toHaveLength(1);
      expect(ledger.asked[0]?.aborted).toBe(false);
      expect(await keptFor(receipt)).toEqual([]);
      ledger.recordResult(receipt);
      ledger.release();
      expect(await audit(app)).toMatchObject({
        outcome: 'passed',
        summary: '1 of 1 of our receipts are in it, consistent with the 1 head we hold.',
        findings: [],
      });
      expect(await keptFor(receipt)).toEqual([expect.objectContaining({ problem: null })]);
    });

    it('a write whose head was never kept (the server stopped between its answer and keeping it): the audit still checks everything else, and says so', async () => {
      const first = await start();
      const kept = await write(first, 'A-1');
      ledger.recordResult(kept);
      await vi.waitFor(async () => expect(await keptFor(kept)).toHaveLength(1));
      ledger.hold({ honoursAbort: false });
      const unkept = await write(first, 'A-2');
      ledger.recordResult(unkept);
      // The server is gone before its head request answered: the next one starts on the same data
      // (and, holding a head, audits once on its start: the receipts are too young to be expected).
      const restarted = await start();
      const note = `No head of the desk's was kept with 1 of our receipts (${unkept}): the server stopped, or could not record it, after answering that write, so that write's view of the desk is not on our record.`;
      const checked = await audit(restarted);
      expect(checked).toMatchObject({ outcome: 'passed', findings: [] });
      expect(checked.summary).toBe(`2 of 2 of our receipts are in it, consistent with the 2 heads we hold. ${note}`);
      expect(await keptFor(unkept)).toEqual([]);

      // Said too when something else fails: the desk no longer lists the row of the other receipt.
      ledger.hide(kept);
      const failed = await audit(restarted);
      expect(failed).toMatchObject({
        outcome: 'failed',
        findings: [
          expect.objectContaining({ code: 'RECEIPT_NOT_ON_DESK', message: expect.stringContaining(kept) as unknown }),
        ],
      });
      expect(failed.summary).toBe(`1 thing in the desk's record does not hold. ${note}`);
    });
  },
);

// The edges of a partner's audit of the desk's ledger (RFC 6962's transparency log, as a
// partner holds it to account): a log only grows, so a latest head smaller than one the desk
// signed before is a rewritten history; and a head vouches for nothing unless it verifies under
// the desk key this partner trusts — the key a head carries is the head's own claim, not trust.
// The desk is real parts (the test desk's key and passkey, sealed ledger rows in a real Merkle
// tree, heads signed with ed25519), served as the desk's ledger routes answer.
import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, inject, it, vi } from 'vitest';
import { AUTHORIZATION_FIELD, newSigningKey } from '@warrant/authority';
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

/** The desk's ledger as its routes serve it; it can drop its last rows, and sign its heads with a key of its choosing. */
function deskLedger(desk: TestDesk) {
  let rows: LedgerRow[] = [];
  let tree = new MerkleTree();
  let signer = desk.key.secretKey;
  // What the desk answers for its head instead of one, as its server refuses (null: it signs).
  let headRefusal: { status: number; body: unknown } | null = null;
  const ask: AskDesk = async (path) => {
    const url = new URL(path, 'http://desk');
    const param = (name: string) => Number(url.searchParams.get(name));
    if (url.pathname === '/api/ledger/head')
      return headRefusal
        ? Response.json(headRefusal.body, { status: headRefusal.status })
        : Response.json(signTreeHead({ size: tree.size, root: tree.root() }, signer));
    if (url.pathname === '/api/logs/ledger') return Response.json({ entries: rows.map((record) => ({ record })) });
    if (url.pathname === '/api/ledger/proof/inclusion')
      return Response.json(inclusionProofJson(tree, param('seq'), param('size')));
    if (url.pathname === '/api/ledger/proof/consistency')
      return param('from') > param('to')
        ? new Response('no such tree', { status: 404 })
        : Response.json(consistencyProofJson(tree, param('from'), param('to')));
    return new Response('not found', { status: 404 });
  };
  const append = (from: string, receipt: string) => {
    const draft = leasedReadDraft(hopDetail({ tool: 'lend_umbrellas', receipt }), {
      event: 'tool_result',
      from,
      to: 'desk',
      verb: 'lend_umbrellas',
    });
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
  };
  return {
    ask,
    /** The desk records this partner's result row naming `receipt`. */
    recordResult: (receipt: string) => append('pantry', receipt),
    /** A row of another partner's, which this partner does not check. */
    recordElsewhere: (receipt: string) => append('shelter', receipt),
    /** The desk rewrites its ledger without its last `count` rows, and signs heads of what is left. */
    dropLast(count: number) {
      rows = rows.slice(0, rows.length - count);
      tree = new MerkleTree();
      for (const row of rows) tree.append(ledgerLeaf(row));
    },
    /** From now on the desk's heads are signed with `secretKey`. */
    signWith(secretKey: Uint8Array) {
      signer = secretKey;
    },
    /** From now on the desk answers its head with this refusal instead (null: it signs again). */
    refuseHead(refusal: { status: number; body: unknown } | null) {
      headRefusal = refusal;
    },
  };
}

describe.each(appTestEngines(inject('pgliteRoot'), inject('postgresUrl'), it))(
  "a partner's audit of the desk's heads at its edges, on %s",
  (_engine, open) => {
    let db: Database;
    let desk: TestDesk;
    let ledger: ReturnType<typeof deskLedger>;
    let clock: Date;
    let server: PartnerServer<unknown>;
    let app: Hono;

    beforeEach(async () => {
      db = await open();
      desk = testDesk(compensationsOf(umbrellaStand));
      ledger = deskLedger(desk);
      clock = new Date();
      server = (await openPartnerServer(umbrellaStand, {
        db,
        now: () => clock,
        desk: desk.trust,
        deskLedger: ledger.ask,
      })) as PartnerServer<unknown>;
      app = new Hono();
      server.routes(app);
    });
    afterEach(async () => {
      await server.close();
      await db.close();
    });

    const post = async (path: string, body: unknown): Promise<Record<string, unknown>> =>
      (await (
        await app.request(path, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
      ).json()) as Record<string, unknown>;

    async function write(approval: string): Promise<string> {
      const substance: PlanSubstance = {
        v: 1,
        request: `R-${approval}`,
        steps: [{ origin: SITES.pantry.origin, tool: 'lend_umbrellas', args: { count: 1, borrower: 'Bo' } }],
      };
      const [step] = desk.approve(approval, substance).steps;
      const answer = await post('/api/writes/lend_umbrellas', {
        input: { ...step!.args, [AUTHORIZATION_FIELD]: step!.step },
        caller: 'runner',
        channel: 'desk',
      });
      expect(answer).toMatchObject({ ok: true });
      return (answer['receipt'] as { id: string }).id;
    }

    /** The staff's "Check the desk's record", a minute on (past the grace for the desk's rows). */
    async function audit(): Promise<DeskAuditRecord> {
      clock = new Date(clock.getTime() + 60_000);
      const answer = await post('/api/desk-audit', {});
      expect(answer).toMatchObject({ ok: true });
      return answer['audit'] as DeskAuditRecord;
    }

    it('fails a desk whose latest head is smaller than one it signed before, even when every row naming our receipts is still there', async () => {
      const receipt = await write('A-1');
      ledger.recordResult(receipt);
      ledger.recordElsewhere('SH-0001');
      ledger.recordElsewhere('SH-0002');
      expect(await audit()).toMatchObject({ outcome: 'passed', findings: [] });
      // The desk drops two rows that are not ours and signs a head of the one row left.
      ledger.dropLast(2);
      const checked = await audit();
      expect(checked.outcome).toBe('failed');
      expect(checked.findings).toEqual([
        expect.objectContaining({
          code: 'HISTORY_CHANGED',
          message: expect.stringMatching(/head of 3 rows.*only 1/) as unknown,
        }),
      ]);
    });

    it('fails a desk that says its own record is not what it signed (it refuses to sign a head); any other refusal is only unchecked', async () => {
      const receipt = await write('A-1');
      ledger.recordResult(receipt);
      expect(await audit()).toMatchObject({ outcome: 'passed' });
      for (const code of ['LEDGER_SHORTER_THAN_SIGNED', 'LEDGER_NOT_CONSISTENT_WITH_SIGNED', 'LEDGER_HELD']) {
        const message = `The desk's record is not what it signed (${code}).`;
        ledger.refuseHead({ status: 409, body: { ok: false, isError: true, code, message, details: {} } });
        const checked = await audit();
        expect(checked).toMatchObject({
          outcome: 'failed',
          summary: 'the desk says its record is not what it signed, and signs no head.',
        });
        expect(checked.findings).toEqual([
          {
            code: 'HISTORY_CHANGED',
            message: `The desk's record changed after it signed it, the desk says itself (${code}): ${message}`,
          },
        ]);
      }
      // A desk that is down, or refuses for any other reason, tells us nothing either way.
      ledger.refuseHead({ status: 503, body: { ok: false, isError: true, code: 'UNAVAILABLE', message: 'Down.' } });
      expect(await audit()).toMatchObject({ outcome: 'unchecked', findings: [] });
      ledger.refuseHead({ status: 409, body: 'not json' });
      expect(await audit()).toMatchObject({ outcome: 'unchecked' });
    });

    it("checks the desk's latest head under the desk key it trusts, not the key the head carries", async () => {
      const receipt = await write('A-1');
      ledger.recordResult(receipt);
      expect(await audit()).toMatchObject({ outcome: 'passed' });
      // A head well formed and signed — under a key of its own, which it names.
      ledger.signWith(newSigningKey().secretKey);
      const checked = await audit();
      expect(checked.outcome).toBe('failed');
      expect(checked.findings).toEqual([expect.objectContaining({ code: 'HEAD_SIGNATURE_INVALID' })]);
    });

    it("keeps no head with a write that the desk key it trusts did not sign, and records that the desk's head failed", async () => {
      ledger.signWith(newSigningKey().secretKey);
      const receipt = await write('A-1');
      await vi.waitFor(async () =>
        expect(
          await db.query<{ head: unknown; problem: string | null }>(
            'SELECT head, problem FROM partner_desk_heads WHERE receipt = $1',
            [receipt],
          ),
        ).toEqual([{ head: null, problem: expect.stringMatching(/^the head did not verify/) as unknown }]),
      );
      const record = (await (await app.request('/api/record')).json()) as { deskAudits: DeskAuditRecord[] };
      expect(record.deskAudits).toEqual([
        expect.objectContaining({
          outcome: 'failed',
          findings: [expect.objectContaining({ code: 'HEAD_SIGNATURE_INVALID' })],
        }),
      ]);
    });
  },
);

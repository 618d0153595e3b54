// read_ledger's proofs, as an agent fetches them: the page asks its own server (here the real desk
// server over PGlite, reached through the page's fetch), and the agent checks what comes back with
// nothing but the ledger package and the desk's published key.
import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, inject, it, vi } from 'vitest';
import { hexToBytes } from '@noble/hashes/utils.js';
import {
  leafHash,
  ledgerLeaf,
  ledgerTree,
  readProofJson,
  verifyConsistency,
  verifyInclusion,
  verifyTreeHead,
  type LedgerRow,
  type LogHead,
  type SignedTreeHead,
} from '@warrant/ledger';
import type { Database, SiteServer } from '@warrant/site-server';
import { reusedTestPglite } from '@warrant/site-server/testing';
import { openServer } from '../../server.ts';
import { openTestDesk, type TestDesk } from '../../testing/test-desk.ts';
import { enrolTestDispatcher } from '../../testing/dispatcher-session.ts';

// Each test's database empty, on a PGlite instance the file's earlier tests closed.
const openDb = reusedTestPglite(inject('pgliteRoot'));

describe('read_ledger with a proof', () => {
  let db: Database;
  let server: SiteServer;
  let app: Hono;
  let test: TestDesk;

  // Another page's appends come through a signed-in dispatcher's session.
  let session: string;
  const call = async (path: string, body?: unknown): Promise<Record<string, unknown>> =>
    (await (
      await app.request(
        path,
        body === undefined
          ? {}
          : {
              method: 'POST',
              headers: { 'content-type': 'application/json', cookie: session },
              body: JSON.stringify(body),
            },
      )
    ).json()) as Record<string, unknown>;

  /** Rows another page of the desk appended, as the server holds them. */
  async function serverRows(count: number): Promise<LedgerRow[]> {
    const writer = randomUUID().replace(/-/g, '');
    let basis = (await call('/api/logs/ledger'))['head'] as LogHead;
    for (let index = 0; index < count; index += 1) {
      const draft = {
        at: '2026-12-02T10:00:00.000Z',
        actor: 'agent',
        channel: 'webmcp',
        event: 'tool_invoked',
        from: 'desk',
        to: 'pantry',
        verb: 'list_parcel_stock',
        lease: 'L-1',
        policy: 'allow',
        status: 'ok',
        detail: `row ${index + 1}`,
      };
      basis = (await call('/api/logs/ledger/append', { writer, basis, records: [draft] }))['head'] as LogHead;
    }
    return ((await call('/api/logs/ledger'))['entries'] as { record: LedgerRow }[]).map((entry) => entry.record);
  }
  const deskKey = async () => (await call('/.well-known/warrant-desk.json'))['key'] as string;

  beforeEach(async () => {
    db = await openDb();
    server = await openServer(db);
    app = new Hono();
    server.routes(app);
    // Ada's enrolment is the ledger's row 1, which the desk's server records; her page appends the rest.
    session = (await enrolTestDispatcher(app, server, 'Ada')).cookie;
    // The page's fetch of its own origin reaches this server.
    vi.stubGlobal('fetch', (input: string | URL | Request, init?: RequestInit) =>
      app.request(String(input instanceof Request ? input.url : input), init),
    );
    test = await openTestDesk();
  });
  afterEach(async () => {
    await test.close();
    vi.unstubAllGlobals();
    await server.close();
    await db.close();
  });

  it('answers the inclusion proof of a row with the signed head it is against; both check with the desk key, and the proof fits that row only', async () => {
    const rows = await serverRows(5);
    const answer = await test.agent('read_ledger', { proof: { inclusion: { seq: 4 } } });
    expect(answer).toMatchObject({ ok: true, proof: { seq: 4, tree_size: 6 } });
    const head = verifyTreeHead(answer['head'], { key: await deskKey() });
    if (!head.ok) throw new Error(head.reason);
    expect(head.head.size).toBe(6);
    expect(head.head.root_hash).toBe(Buffer.from(ledgerTree(rows).root()).toString('hex'));
    const proof = readProofJson(answer['proof']);
    if (!proof.ok || proof.kind !== 'inclusion') throw new Error('not an inclusion proof');
    expect(verifyInclusion(3, 6, leafHash(ledgerLeaf(rows[3]!)), proof.path, head.root)).toBe(true);
    expect(verifyInclusion(3, 6, leafHash(ledgerLeaf(rows[2]!)), proof.path, head.root)).toBe(false);
  });

  it('answers a consistency proof from an earlier head to the latest, or to a later head by its size', async () => {
    await serverRows(2);
    const early = (await call('/api/ledger/head')) as unknown as SignedTreeHead;
    await serverRows(4);
    const later = (await call('/api/ledger/head')) as unknown as SignedTreeHead;
    await serverRows(2);
    for (const [input, to] of [
      [{ from: 3 }, 9],
      [{ from: 3, to: 7 }, 7],
    ] as const) {
      const answer = await test.agent('read_ledger', { proof: { consistency: input } });
      expect(answer).toMatchObject({ ok: true, head: { size: to }, proof: { from_size: 3, to_size: to } });
      const head = verifyTreeHead(answer['head'], { key: await deskKey() });
      if (!head.ok) throw new Error(head.reason);
      const proof = readProofJson(answer['proof']);
      if (!proof.ok || proof.kind !== 'consistency') throw new Error('not a consistency proof');
      expect(verifyConsistency(3, to, proof.path, hexToBytes(early.root_hash), head.root)).toBe(true);
    }
    expect(later.size).toBe(7);
  });

  it('refuses a row or a size the ledger does not have, and a proof that is not one of the two, in the one refusal shape', async () => {
    await serverRows(2);
    expect(await test.agent('read_ledger', { proof: { inclusion: { seq: 9 } } })).toMatchObject({
      ok: false,
      isError: true,
      code: 'NO_SUCH_TREE',
      message: expect.stringMatching(/^Row 9 /),
      details: { size: 3 },
    });
    expect(await test.agent('read_ledger', { proof: { consistency: { from: 5 } } })).toMatchObject({
      ok: false,
      isError: true,
      code: 'NO_SUCH_TREE',
      details: { size: 3 },
    });
    expect(await test.agent('read_ledger', { proof: { consistency: { from: 1, to: 2 } } })).toMatchObject({
      ok: false,
      isError: true,
      code: 'HEAD_NOT_FOUND',
      details: { size: 2 },
    });
    for (const proof of [
      { inclusion: { seq: 0 } },
      { inclusion: { seq: 1, extra: 1 } },
      {},
      { inclusion: { seq: 1 }, consistency: { from: 1 } },
      { inclusion: { seq: 1.5 } },
    ]) {
      expect(await test.agent('read_ledger', { proof })).toMatchObject({
        ok: false,
        isError: true,
        code: 'INVALID_INPUT',
      });
    }
  });

  it('says so, in the refusal shape, when the server cannot be reached', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    expect(await test.agent('read_ledger', { proof: { inclusion: { seq: 1 } } })).toMatchObject({
      ok: false,
      isError: true,
      code: 'DESK_SERVER_UNREACHABLE',
      details: {},
    });
  });
});

// Two desk server processes over one PostgreSQL database (issue 28, item 6): how the desk grows
// past one machine, stateless servers over one database. Each server is a process of its own
// (testing/desk-child.ts) sharing nothing with the other but the database; a dispatcher enrols
// and signs in on each, over HTTP, and both take requests in, draft plans and have approvals
// raised at the same moment. The record stays one chain — no gap, no record twice, every request
// and plan once — whichever process wrote it, and a page following one process hears the other's
// writes (LISTEN/NOTIFY, the change stream every page follows).
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, inject, it, vi } from 'vitest';
import { GENESIS, jsonLogFormat, ledgerLogFormat, type LogEntry } from '@warrant/ledger';
import { openPostgresDatabase, type Database } from '@warrant/site-server';
import { freshName, startServerChild, type ServerChild } from '@warrant/site-server/testing';
import type { DeskEvent } from '../domain/desk-events.ts';
import { overHttp, type DeskCaller } from '../testing/desk-caller.ts';
import { enrolWithLink, type TestDispatcher } from '../testing/dispatcher-session.ts';
import {
  appendAs,
  askDesk,
  draftedPlanEvent,
  raiseTestApproval,
  storeInOrder,
  takenRequestEvent,
} from '../testing/test-approvals.ts';
import { SITES } from '@warrant/config';

const CHILD = fileURLToPath(new URL('../testing/desk-child.ts', import.meta.url));
const REPOSITORY_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

const ROUNDS = 3;
const plan = (request: string) => ({
  v: 1 as const,
  request,
  steps: [{ origin: SITES.pantry.origin, tool: 'reserve_parcels', args: { kind: 'family', count: 1 } }],
});

/** Whether `entries` are one chain from the start, each head sealing its record after the one before. */
function chainProblem(entries: readonly LogEntry<unknown>[], log: 'ledger' | 'state'): string | null {
  const format = log === 'ledger' ? ledgerLogFormat(() => new Date()) : jsonLogFormat(() => null);
  let prev = GENESIS;
  for (const [index, entry] of entries.entries()) {
    if (entry.seq !== index + 1) return `record ${index + 1} has seq ${entry.seq}`;
    const read = format.read(entry.record, { seq: entry.seq, prev });
    if (!read.ok || read.head !== entry.head) return `record ${entry.seq} does not follow the one before`;
    prev = entry.head;
  }
  return null;
}

describe('two desk server processes over one PostgreSQL database', () => {
  const url = inject('postgresUrl');
  let db: Database;
  let children: ServerChild[];
  let apps: DeskCaller[];
  let ada: TestDispatcher;
  let bea: TestDispatcher;

  beforeEach(async () => {
    const schema = freshName();
    children = [];
    // One after the other: the first migrates the schema, the second finds it migrated.
    for (let index = 0; index < 2; index += 1)
      children.push(
        await startServerChild(CHILD, {
          cwd: REPOSITORY_ROOT,
          env: { DESK_CHILD_PG_URL: url, DESK_CHILD_PG_SCHEMA: schema },
        }),
      );
    apps = children.map((child) => overHttp(child.url));
    // The test's own connection, to look at what the two processes stored.
    db = await openPostgresDatabase({ url, schema });
    // Each process minted its own one-time setup link as it started: one person enrols on each.
    ada = await enrolWithLink(apps[0]!, children[0]!.said, 'Ada Lovelace');
    bea = await enrolWithLink(apps[1]!, children[1]!.said, 'Bea Okafor');
  });
  afterEach(async () => {
    await Promise.all(children.map((child) => child.kill()));
    await db.close();
  });

  it('a dispatcher on each acts at once: one chain on both, no gap, nothing twice, and each hears the other', async () => {
    // Two processes, not two servers in one: nothing but the database is shared.
    expect(new Set(children.map((child) => child.process.pid)).size).toBe(2);
    const [first, second] = apps as [DeskCaller, DeskCaller];
    // A page on the second server, following the record as every page does.
    const stream = await second.request('/api/logs/events');
    const reader = stream.body!.getReader();
    const heard: string[] = [];
    const listening = (async () => {
      const decoder = new TextDecoder();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        heard.push(decoder.decode(value));
      }
    })();

    // Ada on the first server and Bea on the second, each on their own requests, at the same moment.
    const work = (app: DeskCaller, who: TestDispatcher, writer: string, requests: readonly string[]) =>
      Promise.all(
        requests.map(async (request) => {
          const stored = await storeInOrder(app, who, draftedPlanEvent(`P-${request.slice(2)}`, plan(request)), writer);
          expect(stored).toMatchObject({ ok: true });
          return raiseTestApproval(app, who, plan(request), `P-${request.slice(2)}`);
        }),
      );
    const adas = Array.from({ length: ROUNDS }, (_, index) => `R-${2 * index + 1}`);
    const beas = Array.from({ length: ROUNDS }, (_, index) => `R-${2 * index + 2}`);
    const [raisedByAda, raisedByBea] = await Promise.all([
      work(first, ada, 'aaaaaaaaaaaa', adas),
      work(second, bea, 'bbbbbbbbbbbb', beas),
    ]);
    for (const raised of [...raisedByAda, ...raisedByBea]) expect(raised).toMatchObject({ ok: true });

    // Both servers read one record, and it is one chain.
    for (const log of ['ledger', 'state'] as const) {
      const [onFirst, onSecond] = await Promise.all(
        apps.map(async (app) => (await askDesk(app, `/api/logs/${log}`, ada))['entries'] as LogEntry<unknown>[]),
      );
      expect(onSecond).toEqual(onFirst);
      expect(chainProblem(onFirst!, log)).toBeNull();
    }
    const events = ((await askDesk(first, '/api/logs/state', ada))['entries'] as { record: DeskEvent }[]).map(
      (entry) => entry.record,
    );
    const taken = events.flatMap((event) => (event.type === 'request_taken' ? [event.request.id] : []));
    expect(taken.sort()).toEqual([...adas, ...beas].sort());
    const planned = events.flatMap((event) => (event.type === 'plan_drafted' ? [event.plan.id] : []));
    expect(new Set(planned).size).toBe(planned.length);
    expect(planned).toHaveLength(2 * ROUNDS);
    // Every approval raised once, under ids given once, across both servers.
    const approvalIds = [...raisedByAda, ...raisedByBea].map((raised) => (raised['approval'] as { id: string }).id);
    expect(new Set(approvalIds).size).toBe(2 * ROUNDS);
    // Who holds each request: the dispatcher whose page (on whichever server) took it in.
    const holders = await db.query<{ request: string; dispatcher_id: string }>(
      'SELECT request, dispatcher_id FROM request_holders ORDER BY request',
    );
    expect(
      holders
        .filter((row) => row.dispatcher_id === ada.id)
        .map((row) => row.request)
        .sort(),
    ).toEqual([...adas].sort());

    // A page on the second server hears a write made on the first, as it lands.
    const later = await appendAs(first, ada, 'state', [takenRequestEvent('R-9', ada)], 'aaaaaaaaaaaa');
    expect(later).toMatchObject({ ok: true });
    const head = later['head'] as { epoch: number; seq: number };
    await vi.waitFor(() => expect(heard.join('')).toContain(`data: state:${head.epoch}:${head.seq}\n`), {
      timeout: 30_000,
      interval: 100,
    });
    await reader.cancel();
    await listening;
  });
});

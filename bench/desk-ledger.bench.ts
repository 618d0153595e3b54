import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SITES } from '@warrant/config';
import {
  serialiseLedger,
  verifyExport,
  verifyLedger,
  type LedgerDraft,
  type LedgerRow,
  type LogHead,
} from '@warrant/ledger';
import { leasedReadDraft } from '@warrant/ledger/testing';
import {
  listen,
  openPgliteDatabase,
  openPostgresDatabase,
  siteApp,
  type Database,
  type SiteServer,
} from '@warrant/site-server';
import { openServer } from '../apps/desk/src/server.ts';
import { enrolTestDispatcher } from '../apps/desk/src/testing/dispatcher-session.ts';
import { sample, skipped, timing, type BenchResult } from './measure.ts';
import { benchPostgres } from './postgres.ts';

// The desk's ledger on its server: what one append costs a page, and what three dispatchers
// appending at once leave in it. The desk server is started in this process exactly as the site
// starts it (its openServer over siteApp, on a loopback port the system picks), over PGlite in a
// fresh directory and over PostgreSQL (bench/postgres.ts), and spoken to over HTTP as a desk page
// speaks to it (src/server-log.ts): POST /api/logs/ledger/append naming the page's writer id and
// the head it has seen, one row per append; the server seals the row (seq, chain) inside one
// transaction under the log's advisory lock, stores it, and brings its Merkle tree up to date.

const WARM_UP = 30;
const APPENDS = 300;
const WRITERS = 3;
const APPENDS_EACH = 300;
const CONTENDED_RUNS = 3;

interface Desk {
  readonly url: string;
  /** The session cookie of each of WRITERS dispatchers, enrolled with a software passkey: a page appends only in one. */
  readonly sessions: readonly string[];
  close(): Promise<void>;
}

async function startDesk(db: Database): Promise<Desk> {
  let server: SiteServer | null = null;
  try {
    server = await openServer(db);
    const opened = server;
    const app = siteApp({ site: SITES.desk, distDir: null, routes: (routes) => opened.routes(routes) });
    const sessions: string[] = [];
    for (let writer = 1; writer <= WRITERS; writer += 1)
      sessions.push((await enrolTestDispatcher(app, opened, `Bench dispatcher ${writer}`)).cookie);
    const bound = await listen(app, { port: 0, host: '127.0.0.1' });
    const address = bound.server.address();
    if (address === null || typeof address === 'string') throw new Error('the desk server has no port');
    return {
      url: `http://127.0.0.1:${address.port}`,
      sessions,
      close: async () => {
        await bound.close();
        await opened.close();
        await db.close();
      },
    };
  } catch (error) {
    await server?.close();
    await db.close();
    throw error;
  }
}

interface Answer {
  readonly ok: boolean;
  readonly code?: string;
  readonly head?: LogHead;
  readonly details?: { readonly restarted?: boolean };
}

async function ask(
  desk: Desk,
  path: string,
  body?: unknown,
  session?: string,
): Promise<Answer & Record<string, unknown>> {
  const response = await fetch(
    `${desk.url}${path}`,
    body === undefined
      ? {}
      : {
          method: 'POST',
          // As the desk's page sends it: from the desk's origin, in a dispatcher's session.
          headers: {
            'content-type': 'application/json',
            origin: SITES.desk.origin,
            ...(session === undefined ? {} : { cookie: session }),
          },
          body: JSON.stringify(body),
        },
  );
  return (await response.json()) as Answer & Record<string, unknown>;
}

const headOf = async (desk: Desk): Promise<LogHead> => (await ask(desk, '/api/logs/ledger')).head as LogHead;
const writerId = (): string => randomBytes(16).toString('hex');

/** A hop row as the desk records one (a leased read), tagged so each append can be found again. */
const row = (tag: string): LedgerDraft => leasedReadDraft(tag, { request: 'R-1' });

interface Writer {
  /** Appends one row as a page does; resolves with whether the desk acknowledged it. */
  append(tag: string): Promise<{ acknowledged: boolean; caughtUp: number }>;
}

/**
 * A page's writer, as src/server-log.ts appends to the ledger: one row after another on the head it
 * has seen, with after_others, so the desk's server puts the row after whatever other pages wrote
 * since, in its own transaction, and answers what this page missed (it never has to try again).
 */
async function pageWriter(desk: Desk, session: string): Promise<Writer> {
  const writer = writerId();
  let seen = await headOf(desk);
  return {
    async append(tag) {
      const answer = await ask(
        desk,
        '/api/logs/ledger/append',
        {
          writer,
          basis: seen,
          records: [row(tag)],
          after_others: true,
        },
        session,
      );
      if (!answer.ok) throw new Error(`an append was refused: ${JSON.stringify(answer).slice(0, 300)}`);
      seen = answer.head as LogHead;
      return { acknowledged: true, caughtUp: ((answer['missed'] as unknown[] | undefined) ?? []).length > 0 ? 1 : 0 };
    },
  };
}

async function ledgerRows(desk: Desk): Promise<LedgerRow[]> {
  const answer = await ask(desk, '/api/logs/ledger');
  return (answer['entries'] as { record: LedgerRow }[]).map((entry) => entry.record);
}

interface Contended {
  readonly ms: number;
  readonly acknowledged: number;
  readonly gaveUp: number;
  readonly caughtUp: number;
  readonly stored: number;
  readonly lost: number;
  readonly duplicated: number;
  readonly chainVerifies: boolean;
  readonly headVerifies: boolean;
}

/** Three pages writing at once, APPENDS_EACH rows each; then the whole ledger read back and checked. */
async function contended(desk: Desk, run: number): Promise<Contended> {
  const writers = await Promise.all(desk.sessions.map((session) => pageWriter(desk, session)));
  const acknowledged = new Set<string>();
  let gaveUp = 0;
  let caughtUp = 0;
  const started = performance.now();
  await Promise.all(
    writers.map(async (writer, w) => {
      for (let index = 0; index < APPENDS_EACH; index += 1) {
        const tag = `run ${run} writer ${w} append ${index}`;
        const done = await writer.append(tag);
        caughtUp += done.caughtUp;
        if (done.acknowledged) acknowledged.add(tag);
        else gaveUp += 1;
      }
    }),
  );
  const ms = performance.now() - started;
  const rows = await ledgerRows(desk);
  const ours = rows.filter((stored) => stored.detail.startsWith(`run ${run} `));
  const counted = new Map<string, number>();
  for (const stored of ours) counted.set(stored.detail, (counted.get(stored.detail) ?? 0) + 1);
  const text = serialiseLedger(rows);
  const chain = verifyLedger(text);
  // The desk's latest signed head, checked under the key it publishes: signature, chain, and tree root.
  const key = ((await ask(desk, '/.well-known/warrant-desk.json')) as unknown as { key: string }).key;
  const head = await (await fetch(`${desk.url}/api/ledger/head`)).json();
  const exported = verifyExport(text, head, { key });
  return {
    ms,
    acknowledged: acknowledged.size,
    gaveUp,
    caughtUp,
    stored: ours.length,
    lost: [...acknowledged].filter((tag) => !counted.has(tag)).length,
    duplicated: [...counted.values()].reduce((extra, count) => extra + count - 1, 0),
    chainVerifies: chain.ok && chain.rows === rows.length,
    headVerifies: exported.ok && exported.covered === rows.length,
  };
}

interface Engine {
  readonly name: 'pglite' | 'postgres';
  readonly said: string;
}

async function measureOn(engine: Engine, db: Database): Promise<BenchResult[]> {
  const desk = await startDesk(db);
  try {
    const alone = await pageWriter(desk, desk.sessions[0] ?? '');
    let index = 0;
    const appends = await sample(
      async () => {
        const done = await alone.append(`single ${(index += 1)}`);
        if (!done.acknowledged || done.caughtUp > 0) throw new Error('a lone writer was refused');
      },
      { warmUp: WARM_UP, runs: APPENDS },
    );
    const runs: Contended[] = [];
    for (let run = 0; run < CONTENDED_RUNS; run += 1) runs.push(await contended(desk, run));
    const sum = (pick: (run: Contended) => number): number => runs.reduce((total, run) => total + pick(run), 0);
    const where = `The real desk server (openServer over siteApp, on a loopback port) on ${engine.said}, over HTTP (Node's fetch, keep-alive)`;
    return [
      timing(
        {
          id: `desk.ledger_append_p50_ms_${engine.name}`,
          unit: 'ms',
          goal: '< 5',
          note: `${where}: one POST /api/logs/ledger/append of one hop row, from the request to the desk's answer: the server's checks, one transaction under the ledger's advisory lock (the current book, the stored head, any rows of other writers since the page's head, the row checked and sealed with its seq and chain, the insert, the change notified), then its Merkle tree brought up to date. One writer, each append on the head the last one answered, ${APPENDS} appends after ${WARM_UP}.`,
        },
        appends,
      ),
      {
        ...timing(
          {
            id: `desk.ledger_concurrent_${WRITERS}x${APPENDS_EACH}_ms_${engine.name}`,
            unit: 'ms',
            goal: 'report',
            digits: 0,
            note: `${where}: ${WRITERS} writers (three dispatchers' pages, each in its own dispatcher's session) appending ${APPENDS_EACH} rows each at once, each one row after another as a page does (src/server-log.ts): with after_others, the server puts each row after what the others wrote since the page's head and answers what it missed. Timed from the first append to the last answer. Then the whole ledger is read back: every acknowledged row there exactly once, the chain verified, and the desk's latest signed head checked under the key it publishes (signature, chain, tree root). ${CONTENDED_RUNS} runs on one book; facts summed over them.`,
          },
          runs.map((run) => run.ms),
        ),
        facts: {
          writers: WRITERS,
          appendsPerWriter: APPENDS_EACH,
          runs: CONTENDED_RUNS,
          acknowledged: sum((run) => run.acknowledged),
          stored: sum((run) => run.stored),
          lost: sum((run) => run.lost),
          duplicated: sum((run) => run.duplicated),
          refused: sum((run) => run.gaveUp),
          appendsAfterOthersRows: sum((run) => run.caughtUp),
          chainVerifies: runs.every((run) => run.chainVerifies),
          signedHeadVerifies: runs.every((run) => run.headVerifies),
        },
      },
    ];
  } finally {
    await desk.close();
  }
}

export async function deskLedgerBenchmarks(): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  const dataDir = await mkdtemp(join(tmpdir(), 'warrant-bench-desk-'));
  try {
    results.push(
      ...(await measureOn(
        { name: 'pglite', said: "PGlite (embedded, in the server's process, a fresh data directory)" },
        await openPgliteDatabase({ dataDir: join(dataDir, 'desk') }),
      )),
    );
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
  const postgres = await benchPostgres();
  if (!postgres.ok) {
    for (const id of [
      'desk.ledger_append_p50_ms_postgres',
      `desk.ledger_concurrent_${WRITERS}x${APPENDS_EACH}_ms_postgres`,
    ]) {
      results.push(
        skipped(
          { id, unit: 'ms', goal: id.includes('append_p50') ? '< 5' : 'report', note: 'The same on PostgreSQL.' },
          postgres.reason,
        ),
      );
    }
    return results;
  }
  try {
    results.push(
      ...(await measureOn(
        { name: 'postgres', said: `PostgreSQL: ${postgres.said}; node-postgres` },
        await openPostgresDatabase({ url: postgres.url, schema: postgres.schema }),
      )),
    );
  } finally {
    await postgres.stop();
  }
  return results;
}

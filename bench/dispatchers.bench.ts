import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { openPgliteDatabase, openPostgresDatabase, type Database } from '@warrant/site-server';
import { openDeskServer } from '../apps/desk/src/server.ts';
import { dispatcherPage, partnerKeyOf, TO_THE_HALT, workToTheHalt } from '../apps/desk/src/testing/dispatcher-page.ts';
import { enrolTestDispatcher } from '../apps/desk/src/testing/dispatcher-session.ts';
import type { TestDesk } from '../apps/desk/src/testing/test-desk.ts';
import { unansweredPartners } from '../apps/desk/src/testing/unanswered-partners.ts';
import { round, skipped, timing, type BenchResult } from './measure.ts';
import { benchPostgres } from './postgres.ts';

// Five dispatchers acting at the desk at once (issue 28): each in their own page (the desk's
// runtime and verbs, as the page runs them, apps/desk/src/testing/dispatcher-page.ts), each in their
// own session, all over one desk server, each working their own request to the halt (intake, two
// read leases, a read, a plan, its approval raised) at the same moment, ROUNDS times. What a
// dispatcher's agent waits for a verb (from the call to its answer, the server's checks and the
// record's appends included, other pages' rows caught up with) and how many verbs the desk answers
// a second with five at work. The server is spoken to in-process (Hono's app.request), as
// server/five-dispatchers.test.ts does, so the figure is the desk's work and not a network's.

const DISPATCHERS = 5;
const ROUNDS = 6;

interface Engine {
  readonly name: 'pglite' | 'postgres';
  readonly said: string;
}

/** The value below which `share` of `values` fall (nearest rank). */
function percentile(values: readonly number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? Number.NaN;
}

async function measureOn(engine: Engine, db: Database): Promise<BenchResult[]> {
  const partners = unansweredPartners();
  const server = await openDeskServer(db, { receiptKeyOf: partnerKeyOf, reachPartner: partners.reach });
  const app = new Hono();
  server.routes(app);
  const pages: TestDesk[] = [];
  try {
    for (let index = 0; index < DISPATCHERS; index += 1) {
      const dispatcher = await enrolTestDispatcher(app, server, `Bench dispatcher ${index + 1}`);
      pages.push(await dispatcherPage(app, dispatcher, index));
    }
    const verbMs: number[] = [];
    const roundMs: number[] = [];
    const perSecond: number[] = [];
    let answered = 0;
    let refused = 0;
    for (let round_ = 0; round_ < ROUNDS; round_ += 1) {
      const began = performance.now();
      const rounds = await Promise.all(pages.map((page) => workToTheHalt(page, (_verb, ms) => verbMs.push(ms))));
      const ms = performance.now() - began;
      roundMs.push(ms);
      perSecond.push((DISPATCHERS * TO_THE_HALT.length * 1000) / ms);
      const answers = rounds.flat();
      answered += answers.filter((answer) => answer['ok'] === true).length;
      refused += answers.filter((answer) => answer['ok'] !== true).length;
    }
    const where = `The desk's server (openDeskServer on ${engine.said}, spoken to in-process through Hono's app.request), ${DISPATCHERS} dispatchers enrolled with software passkeys, each in their own session and their own page (the desk's runtime and verbs, apps/desk/src/testing/dispatcher-page.ts); each round all ${DISPATCHERS} work a request of their own to the halt at the same moment (${TO_THE_HALT.join(', ')}), ${ROUNDS} rounds on one book. Partner reads answered by in-memory partners that sign their readings, as a partner's server does (the lease's frame is the browser's; this measures the desk).`;
    const facts = { dispatchers: DISPATCHERS, rounds: ROUNDS, verbsAnswered: answered, verbsRefused: refused };
    return [
      {
        ...timing(
          {
            id: `desk.dispatchers_${DISPATCHERS}_verbs_per_s_${engine.name}`,
            unit: 'verbs/s',
            goal: 'report',
            digits: 1,
            note: `${where} Verbs answered per second in a round (${DISPATCHERS} × ${TO_THE_HALT.length} verbs over the round's wall time); spread over the rounds.`,
          },
          perSecond,
        ),
        facts,
      },
      {
        id: `desk.dispatchers_${DISPATCHERS}_verb_p50_ms_${engine.name}`,
        value: round(percentile(verbMs, 0.5), 1),
        unit: 'ms',
        goal: 'report',
        note: `${where} The median of every verb's time, from the agent's call to its answer (${verbMs.length} calls).`,
        facts,
      },
      {
        id: `desk.dispatchers_${DISPATCHERS}_verb_p95_ms_${engine.name}`,
        value: round(percentile(verbMs, 0.95), 1),
        unit: 'ms',
        goal: 'report',
        note: `${where} The 95th percentile of every verb's time (${verbMs.length} calls).`,
        facts,
      },
    ];
  } finally {
    for (const page of pages) await page.close();
    partners.letGo();
    await server.close();
    await db.close();
  }
}

export async function dispatchersBenchmarks(): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  const dataDir = await mkdtemp(join(tmpdir(), 'warrant-bench-dispatchers-'));
  try {
    results.push(
      ...(await measureOn(
        { name: 'pglite', said: 'PGlite (embedded, a fresh data directory)' },
        await openPgliteDatabase({ dataDir: join(dataDir, 'desk') }),
      )),
    );
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
  const postgres = await benchPostgres();
  if (!postgres.ok) {
    for (const figure of ['verbs_per_s', 'verb_p50_ms', 'verb_p95_ms'])
      results.push(
        skipped(
          {
            id: `desk.dispatchers_${DISPATCHERS}_${figure}_postgres`,
            unit: figure === 'verbs_per_s' ? 'verbs/s' : 'ms',
            goal: 'report',
            note: 'The same on PostgreSQL.',
          },
          postgres.reason,
        ),
      );
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

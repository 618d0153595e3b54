import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { openPgliteDatabase, openPostgresDatabase, type Database } from '@warrant/site-server';
import { openDeskServer } from '../apps/desk/src/server.ts';
import { dispatcherPage, partnerKeyOf, TO_THE_HALT, workToTheHalt } from '../apps/desk/src/testing/dispatcher-page.ts';
import { enrolTestDispatcher, type TestDispatcher } from '../apps/desk/src/testing/dispatcher-session.ts';
import type { TestDesk } from '../apps/desk/src/testing/test-desk.ts';
import { unansweredPartners } from '../apps/desk/src/testing/unanswered-partners.ts';
import { percentileFigure, skipped, timing, underLoad, type BenchResult } from './measure.ts';
import { benchPostgres } from './postgres.ts';

// Dispatchers acting at the desk at once (issue 28), and how that grows (issue 34 item 5): each in
// their own page (the desk's runtime and verbs, as the page runs them,
// apps/desk/src/testing/dispatcher-page.ts), each in their own session, all over one desk server,
// each working their own request to the halt (intake, two read leases, a read, a plan, its approval
// raised) at the same moment, round after round. Measured at each of LEVELS: what a dispatcher's
// agent waits for a verb (from the call to its answer, the server's checks and the record's appends
// included, other pages' rows caught up with) and how many verbs the desk answers a second. The
// server is spoken to in-process (Hono's app.request), as server/five-dispatchers.test.ts does, so
// the figure is the desk's work and not a network's.
//
// Every level runs on one desk server and one book, in order, each with pages of its own opened at
// its start (a page opened later would first catch up with every row the earlier levels wrote),
// and one untimed round first. Rounds per level: fewer as a round holds more verbs, so each level
// times a few seconds on a quiet machine (a round of 20 dispatchers is 120 verbs).

const LEVELS: ReadonlyArray<{ readonly dispatchers: number; readonly rounds: number }> = [
  { dispatchers: 1, rounds: 8 },
  { dispatchers: 5, rounds: 5 },
  { dispatchers: 20, rounds: 3 },
];
const WARM_UP_ROUNDS = 1;

interface Engine {
  readonly name: 'pglite' | 'postgres';
  readonly said: string;
}

const figureId = (dispatchers: number, figure: string, engine: Engine['name']): string =>
  `desk.dispatchers_${dispatchers}_${figure}_${engine}`;

async function measureOn(engine: Engine, db: Database): Promise<BenchResult[]> {
  const partners = unansweredPartners();
  const server = await openDeskServer(db, { receiptKeyOf: partnerKeyOf, reachPartner: partners.reach });
  const app = new Hono();
  server.routes(app);
  const results: BenchResult[] = [];
  try {
    const most = Math.max(...LEVELS.map((level) => level.dispatchers));
    const dispatchers: TestDispatcher[] = [];
    for (let index = 0; index < most; index += 1)
      dispatchers.push(await enrolTestDispatcher(app, server, `Bench dispatcher ${index + 1}`));
    let pagesOpened = 0;
    for (const { dispatchers: level, rounds } of LEVELS) {
      const pages: TestDesk[] = [];
      for (const dispatcher of dispatchers.slice(0, level)) {
        // Each page its own writer on the server (the index), as a reloaded page would be.
        const page = await dispatcherPage(app, dispatcher, pagesOpened);
        pagesOpened += 1;
        pages.push(page);
      }
      const verbMs: number[] = [];
      const perSecond: number[] = [];
      let answered = 0;
      let refused = 0;
      try {
        for (let round_ = -WARM_UP_ROUNDS; round_ < rounds; round_ += 1) {
          const timed = round_ >= 0;
          const answers: Record<string, unknown>[] = [];
          const round = await underLoad(
            async (index) =>
              answers.push(
                ...(await workToTheHalt(pages[index] as TestDesk, (_verb, ms) => {
                  if (timed) verbMs.push(ms);
                })),
              ),
            { workers: level, jobs: level },
          );
          if (!timed) continue;
          perSecond.push((level * TO_THE_HALT.length * 1000) / round.wallMs);
          answered += answers.filter((answer) => answer['ok'] === true).length;
          refused += answers.filter((answer) => answer['ok'] !== true).length;
        }
      } finally {
        for (const page of pages) await page.close();
      }
      const where = `The desk's server (openDeskServer on ${engine.said}, spoken to in-process through Hono's app.request), ${level} dispatcher${level === 1 ? '' : 's'} enrolled with software passkeys, each in their own session and their own page (the desk's runtime and verbs, apps/desk/src/testing/dispatcher-page.ts); each round all ${level} work a request of their own to the halt at the same moment (${TO_THE_HALT.join(', ')}), ${rounds} rounds after ${WARM_UP_ROUNDS} untimed, on one book shared with the other levels (${LEVELS.map((other) => other.dispatchers).join(', ')} dispatchers, in that order; each level's pages opened at its start). Partner reads answered by in-memory partners that sign their readings, as a partner's server does (the lease's frame is the browser's; this measures the desk).`;
      const facts = { dispatchers: level, rounds, verbsAnswered: answered, verbsRefused: refused };
      results.push(
        {
          ...timing(
            {
              id: figureId(level, 'verbs_per_s', engine.name),
              unit: 'verbs/s',
              goal: 'report',
              digits: 1,
              note: `${where} Verbs answered per second in a round (${level} × ${TO_THE_HALT.length} verbs over the round's wall time); spread over the rounds.`,
            },
            perSecond,
          ),
          facts,
        },
        percentileFigure(
          {
            id: figureId(level, 'verb_p50_ms', engine.name),
            unit: 'ms',
            goal: 'report',
            digits: 1,
            note: `${where} The median of every timed verb's time, from the agent's call to its answer (${verbMs.length} calls).`,
          },
          verbMs,
          0.5,
          facts,
        ),
        percentileFigure(
          {
            id: figureId(level, 'verb_p95_ms', engine.name),
            unit: 'ms',
            goal: 'report',
            digits: 1,
            note: `${where} The 95th percentile of every timed verb's time (${verbMs.length} calls).`,
          },
          verbMs,
          0.95,
          facts,
        ),
      );
    }
    return results;
  } finally {
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
    for (const { dispatchers } of LEVELS)
      for (const figure of ['verbs_per_s', 'verb_p50_ms', 'verb_p95_ms'])
        results.push(
          skipped(
            {
              id: figureId(dispatchers, figure, 'postgres'),
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

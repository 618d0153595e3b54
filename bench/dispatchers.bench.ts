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
  // What the dispatchers' pages ask of the record, counted as the server answers it: appends, and
  // those refused because another page wrote first (409, STALE_TAB; the page catches up and sends
  // again), which is what more dispatchers at once cost beyond their own work.
  const appends = { sent: 0, stale: 0 };
  app.use('/api/logs/:log/append', async (c, next) => {
    await next();
    appends.sent += 1;
    if (c.res.status === 409) appends.stale += 1;
  });
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
      const appendsBefore = { ...appends };
      const verbMs: number[] = [];
      const perSecond: number[] = [];
      let answered = 0;
      // Refusals in the timed rounds, by code: what more dispatchers at once cost when it is not time.
      const refusedBy = new Map<string, number>();
      const refuse = (code: string) => refusedBy.set(code, (refusedBy.get(code) ?? 0) + 1);
      try {
        for (let round_ = -WARM_UP_ROUNDS; round_ < rounds; round_ += 1) {
          const timed = round_ >= 0;
          let done = 0;
          const round = await underLoad(
            async (index) => {
              try {
                await workToTheHalt(pages[index] as TestDesk, (_verb, ms, answer) => {
                  if (!timed) return;
                  verbMs.push(ms);
                  if (answer['ok'] === true) done += 1;
                  else refuse(String(answer['code']));
                });
              } catch (error) {
                // The page no longer offers the next verb (one before it was refused, so it is not
                // legal): an agent's call of a tool not registered fails, and this dispatcher's round ends.
                if (!(error instanceof Error && error.message.startsWith('No tool named '))) throw error;
                if (timed) refuse('VERB_NOT_OFFERED');
              }
            },
            { workers: level, jobs: level },
          );
          if (!timed) continue;
          perSecond.push((done * 1000) / round.wallMs);
          answered += done;
        }
      } finally {
        for (const page of pages) await page.close();
      }
      const refused = [...refusedBy.values()].reduce((sum, count) => sum + count, 0);
      const where = `The desk's server (openDeskServer on ${engine.said}, spoken to in-process through Hono's app.request), ${level} dispatcher${level === 1 ? '' : 's'} enrolled with software passkeys, each in their own session and their own page (the desk's runtime and verbs, apps/desk/src/testing/dispatcher-page.ts); each round all ${level} work a request of their own to the halt at the same moment (${TO_THE_HALT.join(', ')}), ${rounds} rounds after ${WARM_UP_ROUNDS} untimed, on one book shared with the other levels (${LEVELS.map((other) => other.dispatchers).join(', ')} dispatchers, in that order; each level's pages opened at its start). Partner reads answered by in-memory partners that sign their readings, as a partner's server does (the lease's frame is the browser's; this measures the desk).`;
      const facts = {
        dispatchers: level,
        rounds,
        verbsAnswered: answered,
        verbsRefused: refused,
        ...Object.fromEntries([...refusedBy].map(([code, count]) => [`refused_${code}`, count])),
        // Over the level's rounds, its untimed first one included.
        appendsSent: appends.sent - appendsBefore.sent,
        appendsRefusedStale: appends.stale - appendsBefore.stale,
      };
      results.push(
        {
          ...timing(
            {
              id: figureId(level, 'verbs_per_s', engine.name),
              unit: 'verbs/s',
              goal: 'report',
              digits: 1,
              note: `${where} Verbs answered and done per second in a round (of the ${level} × ${TO_THE_HALT.length} verbs asked, those answered ok, over the round's wall time; a refused verb, or one the page no longer offers after a refusal, is in facts, not in the rate); spread over the rounds.`,
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
            note: `${where} The median of every timed verb's time, from the agent's call to its answer, done or refused (${verbMs.length} calls).`,
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

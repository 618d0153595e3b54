// The bench's server for its Node tests: served on a database the test opened, with its clerk
// enrolled, spoken to in-process (Hono's app.request), and closed with its database after.
import type { Hono } from 'hono';
import { SITES } from '@warrant/config';
import { siteApp, type Database } from '@warrant/site-server';
import { BENCH_API } from '../api/bench-api.ts';
import type { MeetingEvent } from '../domain/state.ts';
import { openServer } from '../server.ts';
import { enrolClerk, type TestPerson } from './bench-person.ts';

export interface BenchUnderTest {
  readonly db: Database;
  readonly app: Hono;
  readonly clerk: TestPerson;
  /** The meeting as the server keeps it now: its entries and the chain head after the last. */
  read(): Promise<{ events: MeetingEvent[]; head: string }>;
  /** Closes the server (its timers with it), then the database. */
  close(): Promise<void>;
}

export async function openBenchWithClerk(db: Database): Promise<BenchUnderTest> {
  const server = await openServer(db);
  const app = siteApp({ site: SITES.bench, distDir: null, routes: (routes) => server.routes(routes) });
  const clerk = await enrolClerk(app, db);
  return {
    db,
    app,
    clerk,
    read: async () =>
      (await (await app.request(BENCH_API.meeting.path)).json()) as { events: MeetingEvent[]; head: string },
    async close() {
      await server.close();
      await db.close();
    },
  };
}

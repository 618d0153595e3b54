// The bench's own server: the meeting's record, which every page of the bench shows and none
// keeps a copy of that counts, and the bench's people (its clerk, chair and members). Served by
// `npm start` and the browser tests' server sets as every site with a server module is
// (tools/serve-all.ts).
import { fileURLToPath } from 'node:url';
import { newSigningKey } from '@warrant/authority';
import { peopleOperator, peopleRoutes, sitePeople, type PeopleOperator } from '@warrant/people';
import { jsonBody, malformed } from '@warrant/site-api/serve';
import { migrate, storedSecret, type Database, type OpenSiteServer } from '@warrant/site-server';
import { BENCH_PEOPLE, BENCH_WORDS } from './server/bench-people.ts';
import { openMeetingBook } from './server/meeting-book.ts';
import { meetingRoutes } from './server/meeting-routes.ts';
import { recordFileRoutes } from './server/record-files.ts';

const MIGRATIONS = fileURLToPath(new URL('../migrations/', import.meta.url));

export interface BenchServerOptions {
  /** The server's clock, which times every entry; the real one by default. */
  readonly now?: () => Date;
}

/** The operator's say over the bench's people: a one-time setup link for its clerk. */
export const benchPeopleOperator = (db: Database): PeopleOperator => peopleOperator(db, BENCH_PEOPLE);

export const openServer: OpenSiteServer = (db) => openBenchServer(db);

export async function openBenchServer(
  db: Parameters<OpenSiteServer>[0],
  options: BenchServerOptions = {},
): ReturnType<OpenSiteServer> {
  await migrate(db, MIGRATIONS);
  const key = await storedSecret(db, 'bench_signing_key', () => newSigningKey().secretKey);
  const book = await openMeetingBook(db, key, options.now);
  const people = sitePeople(db, BENCH_PEOPLE, BENCH_WORDS);
  return {
    summary: null,
    // The clerk's setup link, which `npm start` prints while the bench has no one, and which the
    // page's people bar enrols with.
    people: benchPeopleOperator(db),
    operatorReset: () => book.reset(),
    routes(app) {
      meetingRoutes(app, book, people);
      recordFileRoutes(app, book);
      peopleRoutes(app, db, people, jsonBody, malformed);
    },
    close: () => book.close(),
  };
}

// The launch board's own server: the board's record in its own database (PGlite by default,
// PostgreSQL by WARRANT_DATABASE_URL), every act decided here on the board the record holds, and
// every page told at once when the board changes, whichever server process changed it. Every act,
// and every change of its editors, is an entry of its signed, hash-chained ledger. Its
// editors are its people: only a signed-in editor's page changes the board.
import { fileURLToPath } from 'node:url';
import { peopleOperator, peopleRoutes, sitePeople } from '@warrant/people';
import { jsonBody, malformed } from '@warrant/site-api/serve';
import { newSigningKey } from '@warrant/authority';
import { migrate, storedSecret, type OpenSiteServer } from '@warrant/site-server';
import { BOARD_PEOPLE, EDITOR_WORDS } from './server/board-people.ts';
import { BOARD_CHANNEL, boardRecord } from './server/board-record.ts';
import { boardRoutes } from './server/board-routes.ts';

const MIGRATIONS = fileURLToPath(new URL('../migrations/', import.meta.url));

export const openServer: OpenSiteServer = async (db) => {
  await migrate(db, MIGRATIONS);
  const key = await storedSecret(db, 'board_signing_key', () => newSigningKey().secretKey);
  const record = boardRecord(db, key);
  await record.standing();
  const listeners = new Set<(position: string) => void>();
  const stopListening = await db.listen(BOARD_CHANNEL, (position) => {
    for (const listener of [...listeners]) listener(position);
  });
  // Each editor enrolled, invited or removed is an entry of the board's ledger too.
  const editors = sitePeople(db, BOARD_PEOPLE, EDITOR_WORDS, record.editorsChanged);
  return {
    summary: null,
    people: peopleOperator(db, BOARD_PEOPLE),
    operatorReset: async () => void (await record.openNextBook()),
    routes(app) {
      peopleRoutes(app, db, editors, jsonBody, malformed);
      boardRoutes(app, record, editors, {
        subscribe(listener) {
          listeners.add(listener);
          return () => void listeners.delete(listener);
        },
      });
    },
    close: () => stopListening(),
  };
};

// For the browser tests only: a desk server started with --with-test-sites (as the browser tests
// start theirs, and `npm start` never does) lets a test rewrite one stored ledger row behind the
// server's back, or delete its last rows, as anyone holding the desk's database could, so the test
// can check that a partner notices, and that the desk itself signs no smaller head. The browser tests' databases are PGlite, held by the server's own process, so a test
// cannot open them itself.
import type { Hono } from 'hono';
import type { Database } from '@warrant/site-server';
import { refusal } from '@warrant/surface';
import { currentBook } from './approvals.ts';
import { DESK_API } from '../api/desk-api.ts';
import { refused } from './http.ts';
import { isReply, serve } from './serve-route.ts';

/** Whether this process serves the browser tests (the flag tools/app-sites.ts reads too). */
export const SERVING_THE_BROWSER_TESTS = process.argv.includes('--with-test-sites');

export function ledgerTamperingRoutes(app: Hono, db: Database): void {
  // Sets the detail of ledger row `seq` of the current book in the database, nothing else: no seal,
  // no chain, no tree, no event. The server learns of it only by reading the row again.
  serve(app, DESK_API.rewriteLedgerRow, async (c, { reply, input }) => {
    const body = await input();
    if (isReply(body)) return body;
    const { seq, detail } = body;
    const book = await currentBook(db);
    const [row] = await db.query<{ record: string }>(
      "SELECT record FROM desk_log_records WHERE book_no = $1 AND log = 'ledger' AND seq = $2",
      [book, seq],
    );
    if (!row) return refused(c, refusal('NOT_FOUND', `The ledger has no row ${String(seq)}.`), 404);
    const record = { ...(JSON.parse(row.record) as Record<string, unknown>), detail };
    await db.query("UPDATE desk_log_records SET record = $1 WHERE book_no = $2 AND log = 'ledger' AND seq = $3", [
      JSON.stringify(record),
      book,
      seq,
    ]);
    return reply({ ok: true, seq });
  });

  // Deletes the last `count` ledger rows of the current book from the database, nothing else.
  serve(app, DESK_API.deleteLastLedgerRows, async (_c, { reply, input }) => {
    const body = await input();
    if (isReply(body)) return body;
    const { count } = body;
    const book = await currentBook(db);
    const deleted = await db.query<{ seq: number }>(
      `DELETE FROM desk_log_records WHERE book_no = $1 AND log = 'ledger' AND seq > (
         SELECT coalesce(max(seq), 0) - $2 FROM desk_log_records WHERE book_no = $1 AND log = 'ledger') RETURNING seq`,
      [book, count],
    );
    return reply({ ok: true, deleted: deleted.length });
  });
}

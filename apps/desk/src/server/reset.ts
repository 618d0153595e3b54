// A training desk starts again: a new book (approvals and runs afresh); dispatchers stay. It is a
// dispatcher's act, not a session's: a signed-in dispatcher asks, the desk writes the statement
// (which book it closes), and the dispatcher's fresh passkey assertion over it opens the new book.
// A session alone, or a click an agent makes, resets nothing. The operator (the server's console;
// the browser tests' control port) resets without a page, as it adds a person without one.
import type { Hono } from 'hono';
import { randomUUID } from 'node:crypto';
import { confirmAct, proposeAct } from '@warrant/people';
import type { Database, Queryable } from '@warrant/site-server';
import { refusal } from '@warrant/surface';
import { currentBook } from './approvals.ts';
import { DESK_PEOPLE } from './desk-people.ts';
import { DESK_API } from '../api/desk-api.ts';
import { refused } from './http.ts';
import { isReply, serve } from './serve-route.ts';
import { currentDispatcher } from './sessions.ts';

// A reset's statement lasts as long as its ceremony.
const RESET_STATEMENT_MS = 5 * 60 * 1000;

const bookSubject = (book: number): string => `book ${book}`;

/** Opens the book after the current one inside `tx`, or answers null when `closing` is no longer current. */
async function openNextBook(tx: Queryable, closing: number | null, reason: string): Promise<number | null> {
  const book = await currentBook(tx);
  if (closing !== null && book !== closing) return null;
  // The primary key makes two resets of one book one reset.
  const [opened] = await tx.query<{ book_no: number }>(
    'INSERT INTO desk_books (book_no, reason) VALUES ($1, $2) ON CONFLICT (book_no) DO NOTHING RETURNING book_no',
    [book + 1, reason],
  );
  return opened?.book_no ?? null;
}

/**
 * The operator's reset (no page reaches it): a new book (in which no one holds a request yet). Its
 * ids go on from the last book's, as after a dispatcher's reset (id-numbers.ts), unless `idsAfresh`:
 * only for the browser tests' control port, which resets every partner with the desk before each
 * test, so each test starts on a desk as new as a first start (R-1, A-1). No partner keeps anything
 * those ids could meet again: each test's partners are reset too, and a step's idempotency key and
 * single use name the approval's challenge, which never repeats.
 */
export async function operatorReset(db: Database, { idsAfresh = false } = {}): Promise<number> {
  const book = await db.transaction(async (tx) => {
    const opened = await openNextBook(tx, null, `reset by the operator ${randomUUID().slice(0, 8)}`);
    if (opened !== null && idsAfresh) {
      await tx.query('DELETE FROM desk_id_numbers');
      await tx.query('DELETE FROM desk_record_ids WHERE book_no <> $1', [opened]);
    }
    return opened;
  });
  return book ?? (await currentBook(db));
}

export function resetRoutes(app: Hono, db: Database): void {
  const signInRequired = () =>
    refusal('SIGN_IN_REQUIRED', 'Sign in with your passkey to start the desk again. Nothing was changed.');

  serve(app, DESK_API.resetOptions, async (c, { reply, input }) => {
    const body = await input();
    if (isReply(body)) return body;
    const by = await currentDispatcher(c, db);
    if (!by) return refused(c, signInRequired(), 401);
    return reply(
      await proposeAct(db, DESK_PEOPLE, {
        act: 'reset',
        by,
        subject: bookSubject(await currentBook(db)),
        expiresAt: new Date(Date.now() + RESET_STATEMENT_MS),
      }),
    );
  });

  serve(app, DESK_API.reset, async (c, { reply, input }) => {
    const body = await input();
    if (isReply(body)) return body;
    const by = await currentDispatcher(c, db);
    if (!by) return refused(c, signInRequired(), 401);
    const answer = await db.transaction(async (tx) => {
      const confirmed = await confirmAct(tx, DESK_PEOPLE, 'reset', body.response, by);
      if (!confirmed.ok) return confirmed;
      const closing = Number(/^book (\d+)$/.exec(confirmed.statement.subject)?.[1] ?? Number.NaN);
      const book = await openNextBook(tx, closing, `reset by ${by.id} ${randomUUID().slice(0, 8)}`);
      return book === null
        ? refusal(
            'STATEMENT_MISMATCH',
            'The desk was started again since your passkey was asked. Nothing more was changed.',
          )
        : { ok: true as const, book };
    });
    if (!answer.ok) return refused(c, answer, answer.code === 'STATEMENT_MISMATCH' ? 409 : 403);
    return reply({ ok: true, book: answer.book });
  });
}

// The board's record on its server: every act, decided here and kept as a row of board_acts. The
// board is the fold of the current book's rows. An act is decided and written in one transaction
// that holds the board's lock, so what it is decided on is the board until it is written: two
// acts at once are decided one after the other, the second on the board the first left (an
// agent's write bound to a frame the first moved on is then refused, SCOPE_STALE, and nothing of
// it is written). The primary key (book, seq) would refuse a second writer at one place besides.
// An act that accepts a review publishes it in the same transaction (board-publications.ts).
// Each act, and each change of editors, is also an entry of the board's signed, hash-chained
// ledger (board-ledger.ts), appended in the same transaction: there is no act without its entry
// and no entry without its act.
import { randomUUID } from 'node:crypto';
import type { PeopleEvent, PeopleRecorder, Person } from '@warrant/people';
import type { Database, Queryable, SignedEntries } from '@warrant/site-server';
import type { ToolRefusal } from '@warrant/surface';
import { ActivityRewriteError, firstRewrite } from '../activity-rewrite.ts';
import type { ActDecided, BoardStanding, LedgerHead, PublishedHistory } from '../api/answers.ts';
import { positionText, type Position } from '../api/position.ts';
import { createAgentActs } from '../domain/agent-acts.ts';
import { decideAct, type ActName, type ActOf, type BoardAct } from '../domain/board-acts.ts';
import { createHumanActs } from '../domain/human-acts.ts';
import { initialState, type ActivityEntry, type BoardEnv, type BoardState } from '../domain/state.ts';
import { actEntry, editorsEntry, type EditorOnRecord } from './board-entry.ts';
import { appendEntry, signedLedger } from './board-ledger.ts';
import { publish, publishedIn, publishes, type Granted } from './board-publications.ts';

/** The board's lock (a PostgreSQL advisory lock held to the end of a transaction). */
const BOARD_LOCK = 7_420_201;
/** Where every server process tells the pages that the record moved on. */
export const BOARD_CHANNEL = 'board_changed';

/** Ids and time on the server: what the record says happened, and when, is the server's word. */
export const serverEnv: BoardEnv = { newId: () => randomUUID(), now: () => new Date().toISOString() };

interface ActRow {
  readonly book: number;
  readonly seq: number;
  readonly board: Omit<BoardState, 'activity'>;
  readonly added: readonly ActivityEntry[];
}

const lockBoard = (tx: Queryable) => tx.query('SELECT pg_advisory_xact_lock($1)', [BOARD_LOCK]);

/** The board the current book's rows make, and where it stands; null before the first book. */
async function readBoard(q: Queryable): Promise<BoardStanding | null> {
  const rows = await q.query<ActRow & Record<string, unknown>>(
    'SELECT book, seq, board, added FROM board_acts WHERE book = (SELECT max(book) FROM board_acts) ORDER BY seq',
  );
  const last = rows.at(-1);
  if (!last) return null;
  const state: BoardState = { ...last.board, activity: rows.flatMap((row) => row.added) };
  return { ok: true, position: { book: last.book, seq: last.seq }, state };
}

/** Keeps the act `asked` at `at`, with the board it left: the activity it added. */
async function append(
  tx: Queryable,
  at: Position,
  asked: BoardAct | null,
  before: BoardState | null,
  after: BoardState,
): Promise<readonly ActivityEntry[]> {
  const { activity, ...board } = after;
  const added = activity.slice(before?.activity.length ?? 0);
  await tx.query('INSERT INTO board_acts (book, seq, asked, board, added) VALUES ($1, $2, $3, $4, $5)', [
    at.book,
    at.seq,
    asked === null ? null : JSON.stringify(asked),
    JSON.stringify(board),
    JSON.stringify(added),
  ]);
  return added;
}

/** Who invited the editor an enrolment adds (null: the operator's setup link, or not an enrolment). */
async function inviterOf(tx: Queryable, event: PeopleEvent): Promise<EditorOnRecord | null> {
  if (event.act !== 'enrolled' || event.invitedBy === null) return null;
  const [inviter] = await tx.query<{ id: string; name: string }>('SELECT id, name FROM board_editors WHERE id = $1', [
    event.invitedBy,
  ]);
  return inviter ?? null;
}

/** Opens the book after the current one (the first, on a new database) with a fresh board. */
async function openBook(db: Database, tx: Queryable, env: BoardEnv): Promise<BoardStanding> {
  const [row] = await tx.query<{ book: number | null }>('SELECT max(book) AS book FROM board_acts');
  const position = { book: (row?.book ?? 0) + 1, seq: 0 };
  const state = initialState(env);
  await append(tx, position, null, null, state);
  await db.notify(BOARD_CHANNEL, positionText(position), tx);
  return { ok: true, position, state };
}

/**
 * What an act needs besides being in order, checked in its transaction on the board it is decided
 * on (an editor's passkey over the exact grant): the refusal; or to go on, the editor's confirmed
 * grant (which an acceptance publishes with), or null for an act that takes none.
 */
export type ActGuard = (tx: Queryable, state: BoardState) => Promise<ToolRefusal | Granted | null>;

export interface BoardRecord {
  /** The board now (a first book is opened if there is none). */
  standing(): Promise<BoardStanding>;
  /** Decides `asked`, from `by`'s page, on the board now and records it; or the refusal, and nothing written. */
  decide<K extends ActName>(asked: ActOf<K>, by: Person, guard?: ActGuard): Promise<ActDecided<K> | ToolRefusal>;
  /** Whether `asked` is in order on the board now, and that board: nothing is written. */
  trial<K extends ActName>(
    asked: ActOf<K>,
  ): Promise<{ readonly state: BoardState; readonly refusal: ToolRefusal | null }>;
  /** The operator's reset: a new book, with a fresh board. */
  openNextBook(): Promise<BoardStanding>;
  /** The versions the current book has published, newest first. */
  published(): Promise<PublishedHistory>;
  /** The current book's ledger as stored, with the head signed over exactly its entries; or RECORD_BROKEN. */
  ledger(): Promise<SignedLedger | ToolRefusal>;
  /** The current book's ledger head, signed; or RECORD_BROKEN. */
  head(): Promise<LedgerHead | ToolRefusal>;
  /** Writes down an editor enrolled, invited or removed, in that change's transaction (@warrant/people calls it). */
  readonly editorsChanged: PeopleRecorder;
}

/** A book's ledger, read at once with the head signed over exactly its entries. */
export interface SignedLedger extends SignedEntries {
  readonly book: number;
}

/** The board's record on `db`, its ledger's heads signed with `signingKey`. */
export function boardRecord(db: Database, signingKey: Uint8Array, env: BoardEnv = serverEnv): BoardRecord {
  const deciders = { agent: createAgentActs(env), human: createHumanActs(env) };
  const current = (tx: Queryable) => readBoard(tx).then((board) => board ?? openBook(db, tx, env));
  const standing = () =>
    db.transaction(async (tx) => {
      await lockBoard(tx);
      return current(tx);
    });
  // One read under the board's lock: the head is signed over exactly the entries given with it.
  const ledger = () =>
    db.transaction(async (tx): Promise<SignedLedger | ToolRefusal> => {
      await lockBoard(tx);
      const { book } = (await current(tx)).position;
      const signed = await signedLedger(tx, book, signingKey, new Date(env.now()));
      return 'ok' in signed ? signed : { book, ...signed };
    });
  return {
    standing,
    decide: <K extends ActName>(asked: ActOf<K>, by: Person, guard?: ActGuard) =>
      db.transaction(async (tx): Promise<ActDecided<K> | ToolRefusal> => {
        await lockBoard(tx);
        const before = await current(tx);
        const granted = guard ? await guard(tx, before.state) : null;
        if (granted && !granted.ok) return granted;
        const step = decideAct(deciders, before.state, asked);
        if (!step.result.ok) return step.result;
        const at = firstRewrite(before.state.activity, step.state.activity);
        if (at !== -1) throw new ActivityRewriteError(at);
        const position = { book: before.position.book, seq: before.position.seq + 1 };
        const added = await append(tx, position, asked, before.state, step.state);
        const entry = await appendEntry(tx, position.book, actEntry(asked, by, position, added, env.now()));
        if (publishes(before.state, step.state)) {
          // Thrown, not refused: the routes never decide an acceptance without its editor's passkey.
          if (!granted) throw new Error("A review is accepted, and published, only with its editor's passkey.");
          await publish(tx, position, entry, step.state, granted);
        }
        await db.notify(BOARD_CHANNEL, positionText(position), tx);
        return { ok: true, position, state: step.state, result: step.result };
      }),
    trial: async (asked) => {
      const { state } = await standing();
      const step = decideAct(deciders, state, asked);
      return { state, refusal: step.result.ok ? null : step.result };
    },
    openNextBook: () =>
      db.transaction(async (tx) => {
        await lockBoard(tx);
        return openBook(db, tx, env);
      }),
    published: () =>
      db.transaction(async (tx): Promise<PublishedHistory> => {
        await lockBoard(tx);
        const { position } = await current(tx);
        return { ok: true, book: position.book, versions: await publishedIn(tx, position.book) };
      }),
    ledger,
    async head() {
      const signed = await ledger();
      if ('ok' in signed) return signed;
      const { book, chain, signed: head } = signed;
      return { ok: true, book, chain, signed: head };
    },
    editorsChanged: async (tx: Queryable, event: PeopleEvent) => {
      await lockBoard(tx);
      const { position } = await current(tx);
      await appendEntry(tx, position.book, editorsEntry(event, await inviterOf(tx, event), env.now()));
    },
  };
}

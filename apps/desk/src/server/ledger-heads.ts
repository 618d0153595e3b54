// The ledger as a transparency log (RFC 6962 / 9162): the desk server keeps the Merkle tree over
// the current book's ledger rows, signs tree heads with the desk's key, and answers inclusion and
// consistency proofs, so a partner or anyone holding an export can check that a later ledger
// extends the one they were shown and that a row is in it.
//
// The tree lives in this process's memory and is brought up to date from the database before
// every answer, so rows appended by another desk server process on the same database are in it.
// A head is produced on request and after every approved run's last row (plan_finished), and is
// stored: the head of a given size is the same one every time it is asked for. A head is never
// smaller than, nor inconsistent with, the largest signed before (ledger-hold.ts): rows gone from
// the database are answered with a refusal in plain words, and nothing is signed.
import type { Context, Hono } from 'hono';
import {
  consistencyProofJson,
  inclusionProofJson,
  ledgerLeaf,
  MerkleTree,
  signTreeHead,
  type LedgerRow,
  type SignedTreeHead,
} from '@warrant/ledger';
import type { Database, Queryable } from '@warrant/site-server';
import { isError, refusal, type ToolRefusal } from '@warrant/surface';
import { currentBook } from './approvals.ts';
import type { DeskIdentity } from './desk-identity.ts';
import type { AppendedRecords } from './desk-logs.ts';
import { DESK_API } from '../api/desk-api.ts';
import { refused } from './http.ts';
import { serve } from './serve-route.ts';
import { holdProblem, ledgerHoldRoutes } from './ledger-hold.ts';
import { HEADS_LOCK } from './record-locks.ts';

export interface LedgerHeads {
  /** The latest signed head of the current book, made now if none covers every row yet; refused while the rows do not extend the largest head signed. */
  latest(): Promise<SignedTreeHead | ToolRefusal>;
  /** Called after rows are appended to the ledger: a run's end gets a head of its own. */
  appended(appended: AppendedRecords): Promise<void>;
}

export function ledgerHeads(app: Hono, db: Database, desk: DeskIdentity): LedgerHeads {
  ledgerHoldRoutes(app, db);
  let held: { book: number; tree: MerkleTree; last: string | null } = { book: 0, tree: new MerkleTree(), last: null };
  let queue: Promise<unknown> = Promise.resolve();

  /** The current book's tree, with every row stored so far (one at a time: a caller's answer never sees a half-built tree). */
  function current(): Promise<{ book: number; tree: MerkleTree }> {
    const run = queue.then(async () => {
      const book = await currentBook(db);
      if (held.book !== book) held = { book, tree: new MerkleTree(), last: null };
      // The row the tree ends at must still be there, as it was: rows deleted (or replaced) behind
      // the server make it build the tree again from what the database holds.
      if (held.tree.size > 0) {
        const [edge] = await db.query<{ head: string }>(
          "SELECT head FROM desk_log_records WHERE book_no = $1 AND log = 'ledger' AND seq = $2",
          [book, held.tree.size],
        );
        if (edge?.head !== held.last) held = { book, tree: new MerkleTree(), last: null };
      }
      const rows = await db.query<{ record: string; head: string }>(
        "SELECT record, head FROM desk_log_records WHERE book_no = $1 AND log = 'ledger' AND seq > $2 ORDER BY seq",
        [book, held.tree.size],
      );
      for (const row of rows) {
        held.tree.append(ledgerLeaf(JSON.parse(row.record) as LedgerRow));
        held.last = row.head;
      }
      return held;
    });
    queue = run.catch(() => undefined);
    return run;
  }

  async function storedHead(via: Queryable, book: number, size: number): Promise<SignedTreeHead | null> {
    const [row] = await via.query<{ head: SignedTreeHead | string }>(
      'SELECT head FROM desk_ledger_heads WHERE book_no = $1 AND size = $2',
      [book, size],
    );
    if (!row) return null;
    return typeof row.head === 'string' ? (JSON.parse(row.head) as SignedTreeHead) : row.head;
  }

  // The head of record last read from the database. A stored head never changes, and partners ask
  // for the latest with every write they are given, mostly while the ledger stands still.
  let lastOfRecord: { book: number; head: SignedTreeHead } | null = null;

  async function headAt(book: number, tree: MerkleTree, size: number): Promise<SignedTreeHead | ToolRefusal> {
    if (lastOfRecord?.book === book && lastOfRecord.head.size === size) return lastOfRecord.head;
    const head = await db.transaction(async (tx) => {
      // Signing a head is one at a time across the desk's server processes.
      await tx.query('SELECT pg_advisory_xact_lock($1)', [HEADS_LOCK]);
      const hold = await holdProblem(tx, book, tree);
      if (hold) return hold;
      const stored = await storedHead(tx, book, size);
      if (stored) return stored;
      const signed = signTreeHead({ size, root: tree.root(size) }, desk.key.secretKey);
      await tx.query('INSERT INTO desk_ledger_heads (book_no, size, head) VALUES ($1, $2, $3)', [
        book,
        size,
        JSON.stringify(signed),
      ]);
      return signed;
    });
    if (!isError(head)) lastOfRecord = { book, head };
    return head;
  }

  const latest = async (): Promise<SignedTreeHead | ToolRefusal> => {
    const { book, tree } = await current();
    return headAt(book, tree, tree.size);
  };

  const sizeParam = (c: Context, name: string): number | null | undefined => {
    const raw = c.req.query(name);
    if (raw === undefined) return undefined;
    return /^\d{1,9}$/.test(raw) ? Number(raw) : null;
  };

  const badSize = (c: Context, what: string, size: number) =>
    refused(
      c,
      refusal('NO_SUCH_TREE', `${what} The ledger has ${size} row${size === 1 ? '' : 's'} in this book.`, { size }),
      404,
    );

  serve(app, DESK_API.ledgerHead, async (c, { reply }) => {
    const size = sizeParam(c, 'size');
    if (size === null) return refused(c, refusal('MALFORMED_REQUEST', 'size is a whole number of rows.'), 400);
    if (size === undefined) {
      const head = await latest();
      return isError(head) ? refused(c, head, 409) : reply(head);
    }
    const { book, tree } = await current();
    const stored = await storedHead(db, book, size);
    if (!stored)
      return refused(
        c,
        refusal(
          'HEAD_NOT_FOUND',
          `No head of ${size} rows was produced in this book; ask for the latest head instead.`,
          { size, latest: tree.size },
        ),
        404,
      );
    return reply(stored);
  });

  serve(app, DESK_API.inclusionProof, async (c, { reply }) => {
    const seq = sizeParam(c, 'seq');
    const size = sizeParam(c, 'size');
    if (typeof seq !== 'number' || size === null)
      return refused(
        c,
        refusal('MALFORMED_REQUEST', 'seq (a row, from 1) is needed; size (the tree, default now) is a whole number.'),
        400,
      );
    const { tree } = await current();
    const treeSize = size ?? tree.size;
    if (treeSize > tree.size) return badSize(c, `There is no tree of ${treeSize} rows yet.`, tree.size);
    if (seq < 1 || seq > treeSize) return badSize(c, `Row ${seq} is not in a tree of ${treeSize} rows.`, tree.size);
    return reply(inclusionProofJson(tree, seq, treeSize));
  });

  serve(app, DESK_API.consistencyProof, async (c, { reply }) => {
    const from = sizeParam(c, 'from');
    const to = sizeParam(c, 'to');
    if (typeof from !== 'number' || to === null)
      return refused(
        c,
        refusal('MALFORMED_REQUEST', 'from (the earlier tree size) is needed; to (default now) is a whole number.'),
        400,
      );
    const { tree } = await current();
    const toSize = to ?? tree.size;
    if (toSize > tree.size) return badSize(c, `There is no tree of ${toSize} rows yet.`, tree.size);
    if (from > toSize) return badSize(c, `A tree of ${from} rows cannot come before one of ${toSize}.`, tree.size);
    return reply(consistencyProofJson(tree, from, toSize));
  });

  return {
    latest,
    async appended({ entries }) {
      const runEnded = entries.some((entry) => (entry.record as Partial<LedgerRow>).event === 'plan_finished');
      if (runEnded) await latest();
    },
  };
}

// The ledger as a transparency log (RFC 6962 / 9162): the desk server keeps the Merkle tree over
// the current book's ledger rows, signs tree heads with the desk's key, and answers inclusion and
// consistency proofs, so a partner or anyone holding an export can check that a later ledger
// extends the one they were shown and that a row is in it.
//
// The tree lives in this process's memory and is brought up to date from the database before
// every answer, so rows appended by another desk server process on the same database are in it.
// A head is produced on request and after every approved run's last row (plan_finished), and is
// stored: the head of a given size is the same one every time it is asked for.
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
import { refusal } from '@warrant/surface';
import { currentBook } from './approvals.ts';
import type { DeskIdentity } from './desk-identity.ts';
import type { AppendedRecords } from './desk-logs.ts';
import { refused } from './http.ts';

export interface LedgerHeads {
  /** The latest signed head of the current book, made now if none covers every row yet. */
  latest(): Promise<SignedTreeHead>;
  /** Called after rows are appended to the ledger: a run's end gets a head of its own. */
  appended(appended: AppendedRecords): Promise<void>;
}

export function ledgerHeads(app: Hono, db: Database, desk: DeskIdentity): LedgerHeads {
  let held: { book: number; tree: MerkleTree } = { book: 0, tree: new MerkleTree() };
  let queue: Promise<unknown> = Promise.resolve();

  /** The current book's tree, with every row stored so far (one at a time: a caller's answer never sees a half-built tree). */
  function current(): Promise<{ book: number; tree: MerkleTree }> {
    const run = queue.then(async () => {
      const book = await currentBook(db);
      if (held.book !== book) held = { book, tree: new MerkleTree() };
      const rows = await db.query<{ record: string }>(
        "SELECT record FROM desk_log_records WHERE book_no = $1 AND log = 'ledger' AND seq > $2 ORDER BY seq",
        [book, held.tree.size],
      );
      for (const row of rows) held.tree.append(ledgerLeaf(JSON.parse(row.record) as LedgerRow));
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

  async function headAt(book: number, tree: MerkleTree, size: number): Promise<SignedTreeHead> {
    if (lastOfRecord?.book === book && lastOfRecord.head.size === size) return lastOfRecord.head;
    let head = await storedHead(db, book, size);
    if (!head) {
      const signed = signTreeHead({ size, root: tree.root(size) }, desk.key.secretKey);
      await db.query(
        'INSERT INTO desk_ledger_heads (book_no, size, head) VALUES ($1, $2, $3) ON CONFLICT (book_no, size) DO NOTHING',
        [book, size, JSON.stringify(signed)],
      );
      // Another process may have signed this size first: theirs is the head of record.
      head = await storedHead(db, book, size);
      if (!head) return signed;
    }
    lastOfRecord = { book, head };
    return head;
  }

  const latest = async (): Promise<SignedTreeHead> => {
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

  app.get('/api/ledger/head', async (c) => {
    const size = sizeParam(c, 'size');
    if (size === null) return refused(c, refusal('MALFORMED_REQUEST', 'size is a whole number of rows.'), 400);
    if (size === undefined) return c.json(await latest());
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
    return c.json(stored);
  });

  app.get('/api/ledger/proof/inclusion', async (c) => {
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
    return c.json(inclusionProofJson(tree, seq, treeSize));
  });

  app.get('/api/ledger/proof/consistency', async (c) => {
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
    return c.json(consistencyProofJson(tree, from, toSize));
  });

  return {
    latest,
    async appended({ entries }) {
      const runEnded = entries.some((entry) => (entry.record as Partial<LedgerRow>).event === 'plan_finished');
      if (runEnded) await latest();
    },
  };
}

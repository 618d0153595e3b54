// A site's record of JSON entries in its own database: each entry a row (which record it is in,
// its seq, the chain's head after it, its exact JSON text), chained as @warrant/ledger's
// jsonLogFormat chains a log, and read back with a head signed over exactly the rows read (an
// RFC 9162 Merkle tree root over the entries, as `warrant-ledger verify` checks a JSON-entries
// export). The bench's meeting and the board's acts are each one; the site decides what an entry
// holds, and appends it inside the transaction that makes the change it records, so there is
// never one without the other.
//
// A row is checked as it is read for signing: a head is signed only over rows whose stored chain
// follows from their text, so a row rewritten behind the server is refused in plain words rather
// than signed as if it were the record.
import { GENESIS, jsonLogFormat, MerkleTree, signTreeHead, type SignedTreeHead } from '@warrant/ledger';
import { refusal, type ToolRefusal } from '@warrant/base';
import type { Queryable } from './database.ts';

const NAME = /^[a-z_]{1,40}$/;
const encoder = new TextEncoder();

/** Where a site keeps its entries: a table with columns `<record>` integer, seq, head, entry. */
export interface EntriesTable {
  readonly table: string;
  /** The column naming which record (a meeting, a book) a row is in. */
  readonly record: string;
}

/** One entry as stored: its place, the chain's head after it and its exact JSON text. */
export interface StoredEntry {
  readonly seq: number;
  readonly head: string;
  readonly entry: string;
}

/** Where a record ends: its last seq and the chain's head after it (0 and GENESIS when empty). */
export interface RecordTail {
  readonly seq: number;
  readonly head: string;
}

/** Entries as read at once, and the head signed over exactly them. */
export interface SignedEntries {
  /** Each entry's exact JSON text, as chained and as the tree's leaves. */
  readonly entries: readonly string[];
  /** The hash chain's head after the last entry. */
  readonly chain: string;
  readonly signed: SignedTreeHead;
}

export interface ChainedEntries<T> {
  /** The entries of `record`, in order. */
  rows(via: Queryable, record: number): Promise<readonly StoredEntry[]>;
  /** Where `record` ends now. */
  tail(via: Queryable, record: number): Promise<RecordTail>;
  /**
   * Chains and stores `values` after `after` in `record`, each at the next seq: the head after the
   * last; or a refusal, after which the caller rolls its transaction back (some may be stored).
   */
  append(tx: Queryable, record: number, values: readonly T[], after: RecordTail): Promise<string | ToolRefusal>;
  /** The head over exactly `rows`, signed with `key` at `now`; refused if a row's chain does not follow from its text. */
  sign(rows: readonly StoredEntry[], key: Uint8Array, now: Date): SignedEntries | ToolRefusal;
}

export const tailOf = (rows: readonly StoredEntry[]): RecordTail => {
  const last = rows.at(-1);
  return last ? { seq: last.seq, head: last.head } : { seq: 0, head: GENESIS };
};

/** `problem` says why a value is not an entry of this record (null: it is one). */
export function chainedEntries<T>(
  { table, record }: EntriesTable,
  problem: (value: unknown) => string | null,
): ChainedEntries<T> {
  if (!NAME.test(table) || !NAME.test(record)) throw new Error(`Not a table and column: ${table}.${record}`);
  const format = jsonLogFormat<T>(problem);
  const rows = (via: Queryable, at: number) =>
    via.query<StoredEntry & Record<string, unknown>>(
      `SELECT seq, head, entry FROM ${table} WHERE ${record} = $1 ORDER BY seq`,
      [at],
    );
  return {
    rows,
    async tail(via, at) {
      const [last] = await via.query<{ seq: number; head: string }>(
        `SELECT seq, head FROM ${table} WHERE ${record} = $1 ORDER BY seq DESC LIMIT 1`,
        [at],
      );
      return last ? { seq: last.seq, head: last.head } : { seq: 0, head: GENESIS };
    },
    async append(tx, at, values, after) {
      let { seq, head } = after;
      for (const value of values) {
        seq += 1;
        const sealed = format.seal(value, { seq, prev: head });
        if (!sealed.ok) return sealed;
        await tx.query(`INSERT INTO ${table} (${record}, seq, head, entry) VALUES ($1, $2, $3, $4)`, [
          at,
          seq,
          sealed.head,
          JSON.stringify(value),
        ]);
        head = sealed.head;
      }
      return head;
    },
    sign(stored, key, now) {
      let chain = GENESIS;
      const tree = new MerkleTree();
      for (const [index, row] of stored.entries()) {
        const value = parsed(row.entry);
        const read = format.read(value, { seq: index + 1, prev: chain });
        if (!read.ok || read.head !== row.head || row.seq !== index + 1 || JSON.stringify(value) !== row.entry)
          return refusal(
            'RECORD_BROKEN',
            `Entry ${index + 1} of the record is not as it was chained: it was changed or removed in the database behind the server. No head was signed.`,
            { seq: index + 1 },
          );
        chain = read.head;
        tree.append(encoder.encode(row.entry));
      }
      return {
        entries: stored.map((row) => row.entry),
        chain,
        signed: signTreeHead({ size: tree.size, root: tree.root(), timestamp: now }, key),
      };
    },
  };
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

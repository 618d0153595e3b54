// A ledger kept in the append-only log, for any schema: rows are appended (seq, time and chain
// given inside the log's lock), read back since a seq, exported as TSV, and a TSV a person drops
// back in is verified and compared with the ledger this tab holds.
import type { ToolRefusal } from '@warrant/base';
import { openLog, type AppendOnlyLog, type LogChange, type LogEntry, type SetAside } from './append-only-log.ts';
import type { LedgerCodec } from './codec.ts';
import type { LockRunner } from './lock.ts';
import type { DraftOf, LedgerSchema, RowOf } from './schema.ts';
import type { LedgerBreak } from './verify.ts';

export interface LedgerStoreOptions {
  /** The IndexedDB database name. Default: warrant-<schema name>-ledger. */
  readonly name?: string;
  readonly indexedDB?: IDBFactory;
  readonly lock?: LockRunner;
  /** Stamps `at` on a row appended without one. */
  readonly clock?: () => Date;
}

/** Rows this tab had not yet been given; `restarted`: the ledger was set aside since, and these are all of it. */
export interface LedgerChange<S extends LedgerSchema> {
  readonly restarted: boolean;
  readonly rows: readonly RowOf<S>[];
}

/**
 * How a verified file stands to the ledger this tab holds: `same` (every row), `earlier` (this
 * ledger's first rows: an export from before the latest rows), `later` (this ledger and more),
 * `different` (it parts from this ledger after `common` rows).
 */
export type TsvRelation = 'same' | 'earlier' | 'later' | 'different';

export interface TsvVerified {
  readonly ok: true;
  readonly rows: number;
  readonly head: string;
  readonly relation: TsvRelation;
  /** How many leading rows the file and this tab's ledger share. */
  readonly common: number;
}

export interface LedgerStore<S extends LedgerSchema> {
  /** Every row this tab holds, in seq order. */
  rows(): readonly RowOf<S>[];
  /** The rows after `seq`, as read_ledger hands them out. */
  since(seq: number): readonly RowOf<S>[];
  append(draft: DraftOf<S>): Promise<{ readonly ok: true; readonly row: RowOf<S> } | ToolRefusal>;
  /** Several rows at once: all of them, in order, or none. */
  appendAll(
    drafts: readonly DraftOf<S>[],
  ): Promise<{ readonly ok: true; readonly rows: readonly RowOf<S>[] } | ToolRefusal>;
  /** Takes in what other tabs appended since this tab last looked. */
  sync(): Promise<({ readonly ok: true } & LedgerChange<S>) | ToolRefusal>;
  /** Calls `listener` with the rows other tabs append, as they do. */
  subscribe(listener: (change: LedgerChange<S>) => void): () => void;
  /** The ledger as TSV, whole or after `afterSeq`. */
  exportTsv(afterSeq?: number): string;
  /** Verifies a dropped-in TSV and says how it stands to this ledger. */
  verifyTsv(input: string | Uint8Array): TsvVerified | LedgerBreak;
  close(): void;
}

export interface OpenedLedger<S extends LedgerSchema> {
  readonly ok: true;
  readonly ledger: LedgerStore<S>;
  /** Set when stored rows did not verify on open and were moved to the archive, with every row after them. */
  readonly setAside: SetAside | null;
}

const rowsOf = <R>(entries: readonly LogEntry<R>[]): R[] => entries.map((entry) => entry.record);

/** A STALE_TAB refusal lists the rows missed, not the log's entries. */
function asRows(refusal: ToolRefusal): ToolRefusal {
  const missed = refusal.details['missed'];
  if (!Array.isArray(missed)) return refusal;
  return { ...refusal, details: { ...refusal.details, missed: rowsOf(missed as LogEntry<unknown>[]) } };
}

/** Opens the ledger of `codec`'s schema kept in this browser's IndexedDB. */
export async function openLedgerStore<S extends LedgerSchema>(
  codec: LedgerCodec<S>,
  options: LedgerStoreOptions = {},
): Promise<OpenedLedger<S> | ToolRefusal<'STORAGE_UNAVAILABLE'>> {
  const clock = options.clock ?? (() => new Date());
  const opened = await openLog({
    name: options.name ?? `warrant-${codec.schema.name}-ledger`,
    format: codec.logFormat(clock),
    ...(options.indexedDB ? { indexedDB: options.indexedDB } : {}),
    ...(options.lock ? { lock: options.lock } : {}),
    clock,
  });
  if (!opened.ok) return opened;
  return { ok: true, ledger: ledgerStoreOver(codec, opened.log, opened.entries), setAside: opened.setAside };
}

/**
 * The ledger over any append-only log of its rows (sealed by `codec.logFormat`), given the
 * entries it opened with: the browser's own log, or one a server keeps for the page.
 */
export function ledgerStoreOver<S extends LedgerSchema>(
  codec: LedgerCodec<S>,
  log: AppendOnlyLog<DraftOf<S>, RowOf<S>>,
  entries: readonly LogEntry<RowOf<S>>[],
): LedgerStore<S> {
  type Row = RowOf<S>;
  let rows = rowsOf(entries);
  const chainAt = (list: readonly Row[], index: number): unknown =>
    (list[index] as { readonly chain?: unknown } | undefined)?.chain;
  const take = (change: LogChange<Row>): LedgerChange<S> => {
    const added = rowsOf(change.entries);
    rows = change.restarted ? added : [...rows, ...added];
    return { restarted: change.restarted, rows: added };
  };

  return {
    rows: () => rows,
    since: (seq) => rows.slice(Math.max(0, Math.min(rows.length, seq))),
    async append(draft) {
      const appended = await log.append(draft);
      if (!appended.ok) return asRows(appended);
      const row = (appended.entries[0] as LogEntry<Row>).record;
      rows = [...rows, row];
      return { ok: true, row };
    },
    async appendAll(drafts) {
      const appended = await log.appendAll(drafts);
      if (!appended.ok) return asRows(appended);
      const added = rowsOf(appended.entries);
      rows = [...rows, ...added];
      return { ok: true, rows: added };
    },
    async sync() {
      const change = await log.sync();
      return change.ok ? { ok: true, ...take(change) } : change;
    },
    subscribe: (listener) => log.subscribe((change) => listener(take(change))),
    exportTsv: (afterSeq = 0) => codec.serialise(rows.slice(Math.max(0, afterSeq))),
    verifyTsv(input) {
      const verified = codec.verify(input);
      if (!verified.ok) return verified;
      // A file that verified parses.
      const fileRows = (codec.parse(input) as { rows: Row[] }).rows;
      let common = 0;
      while (common < fileRows.length && common < rows.length && chainAt(fileRows, common) === chainAt(rows, common))
        common += 1;
      const relation: TsvRelation =
        common === fileRows.length && common === rows.length
          ? 'same'
          : common === fileRows.length
            ? 'earlier'
            : common === rows.length
              ? 'later'
              : 'different';
      return { ...verified, relation, common };
    },
    close: () => log.close(),
  };
}

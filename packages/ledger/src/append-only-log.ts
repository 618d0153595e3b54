// The one append-only store every Warrant app keeps its record in: the bench's meeting, the
// board's record, the desk's ledger, each partner's receipts. Records are hash-chained (the head
// is the chain's last hash) and only ever added.
//
// Two tabs can never splice the record. Every append is compared against the head the tab had
// seen when it asked, inside one IndexedDB transaction, under one exclusive lock across tabs
// (Web Locks). If another tab wrote in between, the append is refused with STALE_TAB and what the
// tab missed; comparing lengths would not be enough, since two tabs may each have written the
// same number of records. A tab's own appends and archives still in flight do not make it stale:
// it knew of them when it asked.
//
// An append is acknowledged only once its transaction has committed with strict durability.
// Other tabs hear of it on a BroadcastChannel. Nothing is ever deleted: a record that no longer
// reads back on open is set aside, with everything after it, into the archive, and `archive()`
// moves the whole log there before starting a fresh one.
//
// Records reach the app exactly once each: what open found, what its own appends and archives
// return, and what other tabs wrote — through subscribers, or through sync() for a tab that does
// not subscribe. A refusal's `missed` list explains; it is not a delivery.
import { GENESIS } from './chain.ts';
import { committed, openDatabase, requested } from './idb.ts';
import { platformLock, type LockRunner } from './lock.ts';
import type { LogFormat, LogPosition } from './log-format.ts';
import { refusal, type ToolRefusal } from '@warrant/base';

/** Where a log stands: its generation (moved on by archive and set-aside), its last seq and hash. */
export interface LogHead {
  readonly epoch: number;
  readonly seq: number;
  readonly hash: string;
}

export interface LogEntry<T> {
  readonly seq: number;
  /** The chain's hash after this record. */
  readonly head: string;
  readonly record: T;
}

/** Records this tab had not yet been given. `restarted`: the log was archived or set aside since; fold again from `entries`. */
export interface LogChange<T> {
  readonly restarted: boolean;
  readonly entries: readonly LogEntry<T>[];
  readonly head: LogHead;
}

export interface ArchiveSummary {
  readonly id: number;
  /** `archived`: the whole log, moved aside by archive(). `set_aside`: records that did not read back on open. */
  readonly kind: 'archived' | 'set_aside';
  readonly reason: string;
  readonly at: string;
  /** The generation the records belonged to, and the seq of the first of them. */
  readonly epoch: number;
  readonly from: number;
  readonly count: number;
}

export interface ArchiveContents {
  readonly ok: true;
  readonly archive: ArchiveSummary;
  /** As they were stored; a set-aside value is whatever could not be read, so it is not typed. */
  readonly values: readonly unknown[];
}

export interface Appended<T> {
  readonly ok: true;
  readonly entries: readonly LogEntry<T>[];
  readonly head: LogHead;
}

export interface Restarted<T> {
  readonly ok: true;
  /** Null when the log was empty, so nothing needed archiving. */
  readonly archive: ArchiveSummary | null;
  readonly entries: readonly LogEntry<T>[];
  readonly head: LogHead;
}

export type LogCode =
  'STALE_TAB' | 'STORAGE_FAILED' | 'STORAGE_UNAVAILABLE' | 'LOG_CLOSED' | 'INVALID_RECORD' | 'ARCHIVE_NOT_FOUND';

export interface AppendOnlyLog<D, T> {
  readonly name: string;
  /** The head as this tab has seen it. */
  head(): LogHead;
  /** Appends one record after the head this tab has seen. */
  append(draft: D): Promise<Appended<T> | ToolRefusal>;
  /** Appends several records at once: all of them, in order, or none. */
  appendAll(drafts: readonly D[]): Promise<Appended<T> | ToolRefusal>;
  /** Stored records after `afterSeq` (default: all), whoever wrote them. Gives nothing to the tab: head() does not move. */
  read(
    afterSeq?: number,
  ): Promise<{ readonly ok: true; readonly entries: readonly LogEntry<T>[] } | ToolRefusal<LogCode>>;
  /** Hands this tab what other tabs wrote since it last looked. */
  sync(): Promise<({ readonly ok: true } & LogChange<T>) | ToolRefusal<LogCode>>;
  /** Calls `listener` with what other tabs write, as they write it (and at once with anything already missed). */
  subscribe(listener: (change: LogChange<T>) => void): () => void;
  /** Moves the whole log into the archive and starts a new one, holding `startWith`. */
  archive(reason: string, startWith?: readonly D[]): Promise<Restarted<T> | ToolRefusal>;
  archives(): Promise<{ readonly ok: true; readonly archives: readonly ArchiveSummary[] } | ToolRefusal<LogCode>>;
  readArchive(id: number): Promise<ArchiveContents | ToolRefusal<LogCode>>;
  close(): void;
}

export interface LogOptions<D, T> {
  /** The IndexedDB database name; also names the lock and the broadcast channel. */
  readonly name: string;
  readonly format: LogFormat<D, T>;
  /** Default: the page's indexedDB. */
  readonly indexedDB?: IDBFactory;
  /** Default: Web Locks, or an in-process queue where there are none. */
  readonly lock?: LockRunner;
  readonly clock?: () => Date;
}

export interface SetAside {
  readonly archive: ArchiveSummary;
  /** Why the first record set aside did not read back. */
  readonly reason: string;
}

export interface OpenedLog<D, T> {
  readonly ok: true;
  readonly log: AppendOnlyLog<D, T>;
  readonly entries: readonly LogEntry<T>[];
  readonly head: LogHead;
  /** Set when stored records did not read back and were moved to the archive. */
  readonly setAside: SetAside | null;
}

interface Envelope {
  readonly seq: number;
  readonly head: string;
  readonly record: unknown;
  /** The tab that wrote it, so a tab can tell its own appends from another's. */
  readonly writer: string;
}

interface Notice {
  readonly writer: string;
  readonly epoch: number;
  readonly seq: number;
}

const VERSION = 1;
const RECORDS = 'records';
const META = 'meta';
const ARCHIVES = 'archives';
const ARCHIVED = 'archived';
const HEAD_KEY = 'head';

function upgrade(db: IDBDatabase): void {
  db.createObjectStore(RECORDS, { keyPath: 'seq' });
  db.createObjectStore(META);
  db.createObjectStore(ARCHIVES, { keyPath: 'id', autoIncrement: true });
  db.createObjectStore(ARCHIVED, { keyPath: ['archive', 'index'] });
}

function randomId(): string {
  // getRandomValues, unlike randomUUID, exists outside secure contexts too.
  return Array.from(globalThis.crypto.getRandomValues(new Uint8Array(12)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}

function isEnvelope(value: unknown): value is Envelope {
  if (typeof value !== 'object' || value === null) return false;
  const envelope = value as Record<string, unknown>;
  return (
    Number.isSafeInteger(envelope['seq']) &&
    typeof envelope['head'] === 'string' &&
    typeof envelope['writer'] === 'string' &&
    'record' in envelope
  );
}

/** Whether `value` has the form of a log head (a page's "what I had seen", as sent to a server). */
export function isLogHead(value: unknown): value is LogHead {
  if (typeof value !== 'object' || value === null) return false;
  const head = value as Record<string, unknown>;
  return Number.isSafeInteger(head['epoch']) && Number.isSafeInteger(head['seq']) && typeof head['hash'] === 'string';
}

function sameHead(a: LogHead, b: LogHead): boolean {
  return a.epoch === b.epoch && a.seq === b.seq && a.hash === b.hash;
}

/** An error's name and message; IndexedDB's errors are DOMExceptions, which need not be Errors. */
function described(error: unknown): { name: string; message: string } {
  if (typeof error === 'object' && error !== null && typeof (error as { name?: unknown }).name === 'string') {
    return { name: (error as { name: string }).name, message: String((error as { message?: unknown }).message ?? '') };
  }
  return { name: 'Error', message: String(error) };
}

function storageFailed(error: unknown): ToolRefusal<'STORAGE_FAILED'> {
  const { name, message } = described(error);
  const detail = name === 'QuotaExceededError' ? "the browser's storage for this site is full" : message;
  return refusal('STORAGE_FAILED', `The record could not be written: ${detail}. Nothing was recorded; try again.`, {
    name,
  });
}

const closedRefusal = (): ToolRefusal<'LOG_CLOSED'> =>
  refusal('LOG_CLOSED', 'This log has been closed in this tab. Nothing was recorded; reload the page.', {});

/** Opens (or creates) the log named `options.name`, reading back and checking every record it holds. */
export async function openLog<D, T>(
  options: LogOptions<D, T>,
): Promise<OpenedLog<D, T> | ToolRefusal<'STORAGE_UNAVAILABLE'>> {
  const factory = options.indexedDB ?? (globalThis as { indexedDB?: IDBFactory }).indexedDB;
  if (!factory)
    return refusal('STORAGE_UNAVAILABLE', 'This browser gives the page no IndexedDB, so the record cannot be kept.', {
      name: options.name,
    });
  let db: IDBDatabase;
  try {
    db = await openDatabase(factory, options.name, VERSION, upgrade);
  } catch (error) {
    return refusal(
      'STORAGE_UNAVAILABLE',
      `The record's database would not open: ${error instanceof Error ? error.message : String(error)}.`,
      { name: options.name },
    );
  }
  if (![RECORDS, META, ARCHIVES, ARCHIVED].every((store) => db.objectStoreNames.contains(store))) {
    db.close();
    return refusal(
      'STORAGE_UNAVAILABLE',
      `The database "${options.name}" holds something other than a Warrant log; it was left untouched.`,
      { name: options.name },
    );
  }
  const lock = options.lock ?? platformLock();
  const clock = options.clock ?? (() => new Date());
  const lockName = `warrant-log:${options.name}`;
  try {
    const loaded = await lock(lockName, () => load(db, options.format, clock));
    return { ok: true, log: createLog(db, options, lock, lockName, clock, loaded.head), ...loaded };
  } catch (error) {
    db.close();
    return refusal(
      'STORAGE_UNAVAILABLE',
      `The stored record could not be read: ${error instanceof Error ? error.message : String(error)}.`,
      { name: options.name },
    );
  }
}

interface Loaded<T> {
  readonly entries: readonly LogEntry<T>[];
  readonly head: LogHead;
  readonly setAside: SetAside | null;
}

/** Reads every record back through the format; from the first that does not read, sets the rest aside. */
async function load<D, T>(db: IDBDatabase, format: LogFormat<D, T>, clock: () => Date): Promise<Loaded<T>> {
  const tx = db.transaction([RECORDS, META, ARCHIVES, ARCHIVED], 'readwrite', { durability: 'strict' });
  const done = committed(tx);
  const stored = await requested(tx.objectStore(META).get(HEAD_KEY));
  const keys = await requested(tx.objectStore(RECORDS).getAllKeys());
  const values = await requested(tx.objectStore(RECORDS).getAll());
  const entries: LogEntry<T>[] = [];
  let prev = GENESIS;
  let problem: string | null = null;
  for (const value of values) {
    const at: LogPosition = { seq: entries.length + 1, prev };
    if (!isEnvelope(value) || value.seq !== at.seq) {
      problem = `the value stored at position ${at.seq} is not record ${at.seq} of this log`;
      break;
    }
    const read = format.read(value.record, at);
    if (!read.ok || read.head !== value.head) {
      problem = read.ok
        ? `record ${at.seq} does not chain after the one before it`
        : `record ${at.seq} cannot be read: ${read.reason}`;
      break;
    }
    entries.push({ seq: at.seq, head: read.head, record: read.record });
    prev = read.head;
  }
  const epoch = isLogHead(stored) ? stored.epoch : 0;
  let head: LogHead = { epoch, seq: entries.length, hash: prev };
  let setAside: SetAside | null = null;
  if (problem !== null) {
    const moved = values.slice(entries.length);
    const archive = await archiveValues(
      tx,
      { kind: 'set_aside', reason: problem, at: clock().toISOString(), epoch, from: entries.length + 1 },
      moved,
    );
    tx.objectStore(RECORDS).delete(IDBKeyRange.lowerBound(keys[entries.length] as IDBValidKey));
    setAside = { archive, reason: problem };
  }
  // A new generation whenever the stored head is not the one read back, so a tab that saw the
  // record before it was set aside is stale, not spliced.
  if (!isLogHead(stored) || !sameHead(stored, head)) {
    head = { ...head, epoch: epoch + 1 };
    tx.objectStore(META).put(head, HEAD_KEY);
  }
  await done;
  return { entries, head, setAside };
}

async function archiveValues(
  tx: IDBTransaction,
  summary: Omit<ArchiveSummary, 'id' | 'count'>,
  values: readonly unknown[],
): Promise<ArchiveSummary> {
  const id = (await requested(tx.objectStore(ARCHIVES).add({ ...summary, count: values.length }))) as number;
  values.forEach((value, index) =>
    tx.objectStore(ARCHIVED).add({ archive: id, index, value: isEnvelope(value) ? value.record : value }),
  );
  return { id, ...summary, count: values.length };
}

function createLog<D, T>(
  db: IDBDatabase,
  options: LogOptions<D, T>,
  lock: LockRunner,
  lockName: string,
  clock: () => Date,
  opened: LogHead,
): AppendOnlyLog<D, T> {
  const { format, name } = options;
  const writer = randomId();
  const listeners = new Set<(change: LogChange<T>) => void>();
  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(lockName) : null;
  let seen = opened;
  let closed = false;
  /** Generations this tab started (by archive), so its own archive does not make its next append stale. */
  const ownEpochs = new Set<number>();
  // One queue per tab, so what this tab is handed and what it appends happen in the order asked.
  let queue: Promise<unknown> = Promise.resolve();
  const enqueue = <R>(work: () => Promise<R>): Promise<R> => {
    const run = queue.then(work);
    queue = run.catch(() => undefined);
    return run;
  };

  db.onversionchange = () => close();

  const entryOf = (envelope: Envelope): LogEntry<T> => ({
    seq: envelope.seq,
    head: envelope.head,
    record: envelope.record as T,
  });

  async function storedHead(tx: IDBTransaction): Promise<LogHead> {
    const stored = await requested(tx.objectStore(META).get(HEAD_KEY));
    return isLogHead(stored) ? stored : { epoch: 0, seq: 0, hash: GENESIS };
  }

  /** Whether every generation after `epoch`, up to the current one, was started by this tab. */
  function ownGenerationsSince(epoch: number, current: number): boolean {
    for (let next = epoch + 1; next <= current; next += 1) if (!ownEpochs.has(next)) return false;
    return true;
  }

  /** Null when nothing was written since `basis` but by this tab; otherwise the refusal, with what was missed. */
  async function staleness(
    tx: IDBTransaction,
    basis: LogHead,
    stored: LogHead,
  ): Promise<ToolRefusal<'STALE_TAB'> | null> {
    if (sameHead(basis, stored)) return null;
    const sameGeneration = basis.epoch === stored.epoch && stored.seq > basis.seq;
    const after = (await requested(
      tx.objectStore(RECORDS).getAll(sameGeneration ? IDBKeyRange.lowerBound(basis.seq, true) : undefined),
    )) as Envelope[];
    const foreign = after.filter((envelope) => envelope.writer !== writer);
    if (
      foreign.length === 0 &&
      (sameGeneration || (stored.epoch > basis.epoch && ownGenerationsSince(basis.epoch, stored.epoch)))
    )
      return null;
    const missed = sameGeneration ? foreign : after;
    return refusal(
      'STALE_TAB',
      sameGeneration
        ? `Another tab or window added ${missed.length} record${missed.length === 1 ? '' : 's'} since this tab last looked. Nothing was recorded: catch up, decide again on what is now the record, then retry.`
        : 'The record was archived or set aside in another tab or window since this tab last looked. Nothing was recorded: catch up from the new record, then retry.',
      { seen: basis, stored, restarted: !sameGeneration, missed: missed.map(entryOf) },
    );
  }

  function notify(head: LogHead): void {
    const notice: Notice = { writer, epoch: head.epoch, seq: head.seq };
    channel?.postMessage(notice);
  }

  async function inWriteTransaction<R>(
    stores: string[],
    basis: LogHead,
    body: (tx: IDBTransaction, stored: LogHead) => Promise<{ result: R; head: LogHead } | ToolRefusal>,
  ): Promise<R | ToolRefusal> {
    if (closed) return closedRefusal();
    return lock(lockName, async () => {
      if (closed) return closedRefusal();
      let tx: IDBTransaction;
      try {
        tx = db.transaction(stores, 'readwrite', { durability: 'strict' });
      } catch (error) {
        return storageFailed(error);
      }
      const done = committed(tx);
      done.catch(() => undefined);
      try {
        const stored = await storedHead(tx);
        const outcome = (await staleness(tx, basis, stored)) ?? (await body(tx, stored));
        if ('ok' in outcome && outcome.ok === false) {
          tx.abort();
          return outcome;
        }
        await done;
        const { result, head } = outcome as { result: R; head: LogHead };
        seen = head;
        notify(head);
        return result;
      } catch (error) {
        try {
          tx.abort();
        } catch {
          // Already finished or aborted: the error below says why.
        }
        if (described(error).name === 'DataCloneError') {
          return refusal(
            'INVALID_RECORD',
            'This record cannot be stored: it holds a value IndexedDB cannot keep (a function, a DOM node). Nothing was written.',
            {},
          );
        }
        return storageFailed(error);
      }
    });
  }

  function sealAll(
    tx: IDBTransaction,
    drafts: readonly D[],
    from: LogPosition,
  ): { entries: LogEntry<T>[]; last: LogPosition } | ToolRefusal {
    const entries: LogEntry<T>[] = [];
    let at = from;
    for (let index = 0; index < drafts.length; index += 1) {
      const sealed = format.seal(drafts[index] as D, at);
      if (!sealed.ok) return drafts.length === 1 ? sealed : { ...sealed, details: { ...sealed.details, index } };
      // add, never put: a record already stored under this seq is never overwritten.
      tx.objectStore(RECORDS).add({ seq: at.seq, head: sealed.head, record: sealed.record, writer } satisfies Envelope);
      entries.push({ seq: at.seq, head: sealed.head, record: sealed.record });
      at = { seq: at.seq + 1, prev: sealed.head };
    }
    return { entries, last: at };
  }

  function appendAll(drafts: readonly D[]): Promise<Appended<T> | ToolRefusal> {
    const basis = seen;
    return enqueue(() =>
      inWriteTransaction<Appended<T>>([RECORDS, META], basis, async (tx, stored) => {
        const sealed = sealAll(tx, drafts, { seq: stored.seq + 1, prev: stored.hash });
        if (!('entries' in sealed)) return sealed;
        const head: LogHead = { epoch: stored.epoch, seq: sealed.last.seq - 1, hash: sealed.last.prev };
        tx.objectStore(META).put(head, HEAD_KEY);
        return { result: { ok: true, entries: sealed.entries, head }, head };
      }),
    );
  }

  function archive(reason: string, startWith: readonly D[] = []): Promise<Restarted<T> | ToolRefusal> {
    const basis = seen;
    return enqueue(() =>
      inWriteTransaction<Restarted<T>>([RECORDS, META, ARCHIVES, ARCHIVED], basis, async (tx, stored) => {
        const current = await requested(tx.objectStore(RECORDS).getAll());
        const summary =
          current.length === 0
            ? null
            : await archiveValues(
                tx,
                { kind: 'archived', reason, at: clock().toISOString(), epoch: stored.epoch, from: 1 },
                current,
              );
        tx.objectStore(RECORDS).clear();
        const sealed = sealAll(tx, startWith, { seq: 1, prev: GENESIS });
        if (!('entries' in sealed)) return sealed;
        const head: LogHead = { epoch: stored.epoch + 1, seq: sealed.last.seq - 1, hash: sealed.last.prev };
        tx.objectStore(META).put(head, HEAD_KEY);
        return { result: { ok: true, archive: summary, entries: sealed.entries, head }, head };
      }).then((result) => {
        // Only once committed: a generation whose archive failed was never this tab's.
        if (result.ok) ownEpochs.add(result.head.epoch);
        return result;
      }),
    );
  }

  async function readOnly<R>(
    stores: string[],
    body: (tx: IDBTransaction) => Promise<R>,
  ): Promise<R | ToolRefusal<LogCode>> {
    if (closed) return closedRefusal();
    try {
      const tx = db.transaction(stores, 'readonly');
      const done = committed(tx);
      const result = await body(tx);
      await done;
      return result;
    } catch (error) {
      return storageFailed(error);
    }
  }

  function sync(): Promise<({ readonly ok: true } & LogChange<T>) | ToolRefusal<LogCode>> {
    return enqueue(async () => {
      const change = await readOnly([RECORDS, META], async (tx) => {
        const stored = await storedHead(tx);
        if (sameHead(stored, seen)) return { ok: true as const, restarted: false, entries: [], head: seen };
        const sameGeneration = stored.epoch === seen.epoch && stored.seq > seen.seq;
        const after = (await requested(
          tx.objectStore(RECORDS).getAll(sameGeneration ? IDBKeyRange.lowerBound(seen.seq, true) : undefined),
        )) as Envelope[];
        return { ok: true as const, restarted: !sameGeneration, entries: after.map(entryOf), head: stored };
      });
      if (change.ok) seen = change.head;
      return change;
    });
  }

  async function deliver(): Promise<void> {
    const change = await sync();
    if (!change.ok || (!change.restarted && change.entries.length === 0)) return;
    const { restarted, entries, head } = change;
    for (const listener of listeners) listener({ restarted, entries, head });
  }

  if (channel) {
    channel.onmessage = (event: MessageEvent<Notice>) => {
      if (event.data?.writer !== writer && listeners.size > 0) void deliver();
    };
  }

  function close(): void {
    if (closed) return;
    closed = true;
    listeners.clear();
    channel?.close();
    db.close();
  }

  return {
    name,
    head: () => seen,
    append: (draft) => appendAll([draft]),
    appendAll,
    read: (afterSeq = 0) =>
      readOnly([RECORDS], async (tx) => ({
        ok: true as const,
        entries: (
          (await requested(tx.objectStore(RECORDS).getAll(IDBKeyRange.lowerBound(afterSeq, true)))) as Envelope[]
        ).map(entryOf),
      })),
    sync,
    subscribe(listener) {
      listeners.add(listener);
      if (listeners.size === 1) void deliver();
      return () => {
        listeners.delete(listener);
      };
    },
    archive,
    archives: () =>
      readOnly([ARCHIVES], async (tx) => ({
        ok: true as const,
        archives: (await requested(tx.objectStore(ARCHIVES).getAll())) as ArchiveSummary[],
      })),
    async readArchive(id) {
      const contents = await readOnly([ARCHIVES, ARCHIVED], async (tx) => {
        const summary = (await requested(tx.objectStore(ARCHIVES).get(id))) as ArchiveSummary | undefined;
        const rows = summary
          ? ((await requested(
              tx.objectStore(ARCHIVED).getAll(IDBKeyRange.bound([id, 0], [id, Number.MAX_SAFE_INTEGER])),
            )) as { value: unknown }[])
          : [];
        return summary ? { ok: true as const, archive: summary, values: rows.map((row) => row.value) } : null;
      });
      return contents ?? refusal('ARCHIVE_NOT_FOUND', `There is no archive ${id} in this log.`, { id });
    },
    close,
  };
}

// One of the desk's records as its page sees it: an append-only log kept by the desk's server
// (src/server/desk-logs.ts), behind the same AppendOnlyLog interface the browser's own log has,
// so the desk folds and records exactly as before, but nothing it holds counts until the server
// has sealed and stored it. The page checks every record the server hands it against the chain
// (a server answer that does not chain is not taken in) and hears other pages' appends over
// Server-Sent Events. Appends are made one after another, in the order asked, each naming the
// head this page had seen: the server refuses it with STALE_TAB if another page wrote since, or,
// for the ledger, appends after what the others wrote and answers what this page missed.
import {
  GENESIS,
  type AppendOnlyLog,
  type Appended,
  type LogChange,
  type LogCode,
  type LogEntry,
  type LogFormat,
  type LogHead,
} from '@warrant/ledger';
import { refusal, type ToolRefusal } from '@warrant/surface';
import { deskCaller, OVER_FETCH, type AskDesk } from '../api/ask-desk.ts';
import { DESK_API } from '../api/desk-api.ts';
import { PAGE_ID } from './page-id.ts';

export interface OpenedServerLog<D, T> {
  readonly ok: true;
  readonly log: AppendOnlyLog<D, T>;
  readonly entries: readonly LogEntry<T>[];
}

const UNREACHABLE =
  "The desk's server cannot be reached, so the desk's record cannot be read or added to. Nothing was recorded; try again when it is back.";

/** The desk's server, asked by this page; its being out of reach is, to the record, a storage failure. */
const askOverFetch: AskDesk = deskCaller(OVER_FETCH, refusal('STORAGE_FAILED', UNREACHABLE));

/** Where a book's records start: before its first, at the genesis hash. */
const startOf = (epoch: number): LogHead => ({ epoch, seq: 0, hash: GENESIS });

/** A refusal in the log's own codes: anything the server or the network said that is not one is a storage failure. */
function asLogRefusal(answer: ToolRefusal): ToolRefusal<LogCode> {
  const codes: readonly string[] = [
    'STALE_TAB',
    'STORAGE_FAILED',
    'STORAGE_UNAVAILABLE',
    'LOG_CLOSED',
    'INVALID_RECORD',
    'ARCHIVE_NOT_FOUND',
  ];
  return codes.includes(answer.code)
    ? (answer as ToolRefusal<LogCode>)
    : refusal('STORAGE_FAILED', answer.message, { ...answer.details, code: answer.code });
}

/** Reads `entries` through the format, from `from` (the head before the first); null when one does not chain. */
function checked<D, T>(
  format: LogFormat<D, T>,
  entries: readonly LogEntry<unknown>[],
  from: LogHead,
): LogEntry<T>[] | null {
  const out: LogEntry<T>[] = [];
  let at = { seq: from.seq + 1, prev: from.hash };
  for (const entry of entries) {
    if (entry.seq !== at.seq) return null;
    const read = format.read(entry.record, at);
    if (!read.ok || read.head !== entry.head) return null;
    out.push({ seq: entry.seq, head: read.head, record: read.record });
    at = { seq: at.seq + 1, prev: read.head };
  }
  return out;
}

const notChained = (name: string): ToolRefusal<'STORAGE_FAILED'> =>
  refusal(
    'STORAGE_FAILED',
    `The desk's server answered records of its ${name} that do not chain from what this page holds. Nothing was taken in; reload the desk.`,
    { name },
  );

/** The book and seq a change event names for log `name` ("<name>:<book>:<seq>"); null for anything else. */
function positionNamed(data: string, name: string): LogHead | null {
  const [log, book, seq, ...rest] = data.split(':');
  const epoch = Number(book);
  const at = Number(seq);
  if (
    log !== name ||
    rest.length > 0 ||
    book === '' ||
    seq === '' ||
    !Number.isSafeInteger(epoch) ||
    !Number.isSafeInteger(at)
  )
    return null;
  return { epoch, seq: at, hash: '' };
}

export interface ServerLogOptions<D, T> {
  readonly name: 'ledger' | 'state';
  readonly format: LogFormat<D, T>;
  /**
   * For a record of what happened (the ledger): when another page appended first, take in what
   * it wrote and append after it, rather than refusing. A log of decisions (the desk's state)
   * leaves this off, so a page never decides on a record it has not seen.
   */
  readonly appendAfterOthers?: boolean;
  /** How the desk's server is asked; unset, this page's fetch (a Node test asks a server in process, in a dispatcher's session). */
  readonly ask?: AskDesk;
  /** Who the server is told appends; unset, this page (PAGE_ID). */
  readonly writer?: string;
}

export async function openServerLog<D, T>(
  options: ServerLogOptions<D, T>,
): Promise<OpenedServerLog<D, T> | ToolRefusal> {
  const { name, format } = options;
  const ask = options.ask ?? askOverFetch;
  const params = { log: name };
  const first = await ask(DESK_API.log, { params });
  if (!first.ok) return first;
  const start = checked(format, first.entries, startOf(first.head.epoch));
  if (start === null) return notChained(name);
  const writer = options.writer ?? PAGE_ID;
  const listeners = new Set<(change: LogChange<T>) => void>();
  let seen: LogHead = first.head;
  let closed = false;
  let queue: Promise<unknown> = Promise.resolve();
  const enqueue = <R>(work: () => Promise<R>): Promise<R> => {
    const run = queue.then(work);
    queue = run.catch(() => undefined);
    return run;
  };
  const closedRefusal = () =>
    refusal('LOG_CLOSED', 'This page has closed its record. Nothing was recorded; reload the page.');

  /** What other pages added since this one looked, handed to the listeners. Runs inside the queue. */
  async function catchUp(): Promise<({ readonly ok: true } & LogChange<T>) | ToolRefusal<LogCode>> {
    if (closed) return closedRefusal();
    const change = await ask(DESK_API.log, { params, query: { epoch: seen.epoch, seq: seen.seq } });
    if (!change.ok) return asLogRefusal(change);
    const entries = checked(format, change.entries, change.restarted ? startOf(change.head.epoch) : seen);
    if (entries === null) return notChained(name);
    seen = change.head;
    return { ok: true, restarted: change.restarted, entries, head: change.head };
  }

  const handOut = (change: LogChange<T>): void => {
    if (!change.restarted && change.entries.length === 0) return;
    for (const listener of listeners)
      listener({ restarted: change.restarted, entries: change.entries, head: change.head });
  };

  function appendAll(drafts: readonly D[]): Promise<Appended<T> | ToolRefusal> {
    return enqueue(async () => {
      if (closed) return closedRefusal();
      const basis = seen;
      // A record of what happened does not depend on what others wrote meanwhile: the server puts
      // this page's rows after theirs in its own transaction and answers what the page missed,
      // which is handed to the listeners first, in order. Any other record is refused STALE_TAB.
      const after = options.appendAfterOthers === true;
      const answer = await ask(DESK_API.append, {
        params,
        body: { writer, basis, records: drafts, ...(after ? { after_others: true } : {}) },
      });
      if (!answer.ok) return answer;
      const from = basis.epoch === answer.head.epoch ? basis : startOf(answer.head.epoch);
      const missed = after ? (answer.missed ?? []) : [];
      const all = checked(format, [...missed, ...answer.entries], from);
      if (all === null) return notChained(name);
      const theirs = all.slice(0, missed.length);
      const entries = all.slice(missed.length);
      seen = answer.head;
      const last = theirs.at(-1);
      if (last)
        handOut({
          restarted: false,
          entries: theirs,
          head: { epoch: answer.head.epoch, seq: last.seq, hash: last.head },
        });
      return { ok: true, entries, head: answer.head };
    });
  }

  const sync = () => enqueue(catchUp);

  /**
   * Catches up and hands the change out. Given the position an event named, it asks nothing when
   * this page already holds it, checked in the queue, so after this page's own append is in: the
   * event for every row a page appends reaches that page too, and asking again for it is wasted.
   */
  async function deliver(named: LogHead | null = null): Promise<void> {
    const change = await enqueue(async () =>
      named !== null && named.epoch === seen.epoch && named.seq <= seen.seq ? null : catchUp(),
    );
    if (change?.ok) handOut(change);
  }

  // Live only in a page over its own fetch (a Node test's page catches up when it appends).
  const events =
    options.ask === undefined && typeof EventSource === 'function' ? new EventSource(DESK_API.logEvents.path) : null;
  events?.addEventListener('changed', (event) => {
    // "ledger:<book>:<seq>", or "book:<n>" as the stream opens: either way, catch up if anyone listens.
    const data = String((event as MessageEvent).data);
    if (listeners.size > 0 && (data.startsWith('book:') || data.startsWith(`${name}:`)))
      void deliver(positionNamed(data, name));
  });

  function close(): void {
    closed = true;
    listeners.clear();
    events?.close();
  }

  const unsupported = () =>
    refusal(
      'STORAGE_FAILED',
      "The desk's record is kept by its server, which starts a new book on a reset; this page does not archive it.",
    );

  const log: AppendOnlyLog<D, T> = {
    name,
    head: () => seen,
    append: (draft) => appendAll([draft]),
    appendAll,
    read: async (afterSeq = 0) => {
      const change = await ask(DESK_API.log, { params });
      if (!change.ok) return asLogRefusal(change);
      const entries = checked(format, change.entries, startOf(change.head.epoch));
      return entries === null
        ? notChained(name)
        : { ok: true, entries: entries.filter((entry) => entry.seq > afterSeq) };
    },
    sync,
    subscribe(listener) {
      listeners.add(listener);
      if (listeners.size === 1) void deliver();
      return () => void listeners.delete(listener);
    },
    archive: async () => unsupported(),
    archives: async () => ({ ok: true, archives: [] }),
    readArchive: async (id) => refusal('ARCHIVE_NOT_FOUND', `There is no archive ${id} in this record.`, { id }),
    close,
  };
  return { ok: true, log, entries: start };
}

// Appends to one of the desk's records in order, gathering what is asked for while an append is on
// its way into the next one. Every append is a round trip to the desk's server and a verb answers
// only once its rows are stored, so one request per row made a verb that records nine rows wait
// for nine round trips one after another; now it waits for as many as arrive while one is out.
//
// The server stores a batch in one transaction, all or nothing, so one bad record must never cost
// the others. A batch refused for one record (ONE_RECORD_REFUSALS: the refusal names its index) is
// sent again without it: the records before it, then those after; that record alone is refused.  A
// batch is never larger than the server takes at once, by count or by bytes. A batch that
// failed any other way (the server out of reach, the answer lost) is not sent again: it may have
// been stored, and each record alone would meet the same answer. A batch refused STALE_TAB
// (another page wrote first: several dispatchers act at once) was not stored: given `catchUp`, the
// page takes in what it missed, decides again which records still stand on the record as it now
// is, and sends those again, a bounded number of times.
import { refusal, type ToolRefusal } from '@warrant/surface';
import { ONE_RECORD_REFUSALS } from '../api/log-limits.ts';

export interface BatchedAppendsOptions<D> {
  /** Stores `drafts` in order, all or none. */
  appendAll(drafts: readonly D[]): Promise<{ readonly ok: true } | ToolRefusal>;
  /** Told of every refusal, once per batch (or per record, when a batch is sent again record by record). */
  onRefused(refused: ToolRefusal): void;
  /** Told after every append the server answered, stored or not. */
  onAnswered?(): void;
  /** The most records one append carries: the server's own limit. */
  readonly maxPerAppend: number;
  /** The most bytes of records one append carries, below the server's limit on a request's body. */
  readonly maxBytesPerAppend: number;
  /**
   * After a STALE_TAB refusal: takes in what other pages wrote, and answers, for each draft, whether
   * it still stands on the record as it now is (null: it could not catch up; nothing is sent again).
   */
  catchUp?(drafts: readonly D[]): Promise<readonly boolean[] | null>;
}

/** How many times a batch refused STALE_TAB is caught up and sent again before the refusal stands. */
export const STALE_RETRIES = 8;

type Answer = { readonly ok: true } | ToolRefusal;

interface Waiting<D> {
  readonly draft: D;
  /** Told how its append was answered. */
  readonly settle: (answer: Answer) => void;
}

/** At most how many bytes `draft` takes in a request's JSON body (UTF-8 is at most 3 bytes per UTF-16 unit). */
const bytesAtMost = (draft: unknown): number => JSON.stringify(draft).length * 3;

export interface BatchedAppends<D> {
  /** Queues `draft` after everything asked for before it. */
  add(draft: D): void;
  /** Queues `draft` as add does, answering once its append is answered: stored, or why not. */
  stored(draft: D): Promise<Answer>;
  /** Settles once everything added so far has been answered. */
  settled(): Promise<void>;
}

export function batchedAppends<D>(options: BatchedAppendsOptions<D>): BatchedAppends<D> {
  const waiting: Waiting<D>[] = [];
  let tail: Promise<void> = Promise.resolve();
  let scheduled = false;

  const appendOnce = (drafts: readonly D[]): Promise<Answer> =>
    options
      .appendAll(drafts)
      .catch((error: unknown) =>
        refusal(
          'STORAGE_FAILED',
          `The record could not be added to: ${error instanceof Error ? error.message : String(error)}`,
        ),
      );

  const store = async (batch: readonly Waiting<D>[]): Promise<void> => {
    let items = batch;
    let answer = await appendOnce(items.map((item) => item.draft));
    // Another page wrote first: catch up, decide again which records stand, send those again.
    for (let attempt = 0; !answer.ok && answer.code === 'STALE_TAB' && options.catchUp && attempt < STALE_RETRIES;) {
      attempt += 1;
      const stands = await options.catchUp(items.map((item) => item.draft));
      if (stands === null) break;
      const stale = answer;
      for (const [index, item] of items.entries()) if (!stands[index]) item.settle(stale);
      items = items.filter((_item, index) => stands[index]);
      if (items.length === 0) {
        options.onAnswered?.();
        return;
      }
      answer = await appendOnce(items.map((item) => item.draft));
    }
    const index = answer.ok ? -1 : answer.details['index'];
    if (
      !answer.ok &&
      items.length > 1 &&
      ONE_RECORD_REFUSALS.includes(answer.code) &&
      typeof index === 'number' &&
      Number.isInteger(index) &&
      index >= 0 &&
      index < items.length
    ) {
      if (index > 0) await store(items.slice(0, index));
      const { index: _inBatch, ...details } = answer.details;
      const alone = { ...answer, details };
      options.onRefused(alone);
      items[index]?.settle(alone);
      if (index < items.length - 1) await store(items.slice(index + 1));
      return;
    }
    if (!answer.ok) options.onRefused(answer);
    for (const item of items) item.settle(answer.ok ? { ok: true } : answer);
    options.onAnswered?.();
  };

  const sendWaiting = async (): Promise<void> => {
    // Whatever is added from here on goes in the next append, queued behind this one.
    scheduled = false;
    while (waiting.length > 0) await store(nextBatch());
  };

  /** The next records from the front of the queue, as many as one append may carry (at least one). */
  const nextBatch = (): Waiting<D>[] => {
    let count = 0;
    let bytes = 0;
    while (count < waiting.length && count < options.maxPerAppend) {
      bytes += bytesAtMost(waiting[count]?.draft);
      if (count > 0 && bytes > options.maxBytesPerAppend) break;
      count += 1;
    }
    return waiting.splice(0, count);
  };

  const queue = (draft: D, settle: (answer: Answer) => void): void => {
    waiting.push({ draft, settle });
    if (scheduled) return;
    scheduled = true;
    tail = tail.then(sendWaiting);
  };

  return {
    add: (draft) => queue(draft, () => undefined),
    stored: (draft) => new Promise<Answer>((resolve) => queue(draft, resolve)),
    settled: () => tail,
  };
}

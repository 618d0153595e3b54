// How the records of an append-only log are sealed into a hash chain and read back. The log
// stores what `seal` returns with the head it gives, and on open reads every stored value back
// through `read`, which must recompute the head: a record edited on disk, or one this code can no
// longer read, is found there and set aside.
import { sha256HexOf } from './hash.ts';
import { refusal, type ToolRefusal } from '@warrant/base';

/** Where a record goes: its seq (from 1) and the head of the chain before it. */
export interface LogPosition {
  readonly seq: number;
  readonly prev: string;
}

export type Sealed<T> = { readonly ok: true; readonly record: T; readonly head: string };
export type ReadBack<T> = Sealed<T> | { readonly ok: false; readonly reason: string };

export interface LogFormat<D, T> {
  /** Builds the record stored at `at` from what the caller appended, or refuses it. Runs under the log's lock. */
  seal(draft: D, at: LogPosition): Sealed<T> | ToolRefusal;
  /** A stored value read as the record at `at`, with its head, or why it is not one. */
  read(value: unknown, at: LogPosition): ReadBack<T>;
}

/**
 * Any JSON-shaped record, chained by SHA-256 of the previous head, TAB and the record's JSON.
 * `problem` says why a value is not a record of this log (or null when it is); it judges both
 * what is appended and what is read back on open. IndexedDB keeps a record's key order, so its
 * JSON, and with it its head, is the same when read back.
 */
export function jsonLogFormat<T>(problem: (value: unknown) => string | null): LogFormat<T, T> {
  const headOf = (value: unknown, prev: string): string | null => {
    try {
      const json = JSON.stringify(value);
      return typeof json === 'string' ? sha256HexOf(`${prev}\t${json}`) : null;
    } catch {
      return null;
    }
  };
  return {
    seal(draft, at) {
      const head = headOf(draft, at.prev);
      const reason = problem(draft) ?? (head === null ? 'the record has no JSON form' : null);
      if (reason !== null || head === null)
        return refusal('INVALID_RECORD', `This record cannot be appended: ${reason}. Nothing was written.`, {
          seq: at.seq,
          reason,
        });
      return { ok: true, record: draft, head };
    },
    read(value, at) {
      const reason = problem(value);
      if (reason !== null) return { ok: false, reason };
      const head = headOf(value, at.prev);
      return head === null
        ? { ok: false, reason: 'the record has no JSON form' }
        : { ok: true, record: value as T, head };
    },
  };
}

// What a partner's log holds, one entry per thing that happened, in order. The log is
// append-only: an entry is never rewritten or removed. A reset does not delete anything either;
// it appends a `seeded` entry that opens a new book, and the entries before it are the archive.
import { CALLERS, type Caller } from '@warrant/base';
import type { Channel } from '@warrant/surface';

export type JsonValue = string | number | boolean | null | readonly JsonValue[] | { readonly [key: string]: JsonValue };
export type JsonObject = { readonly [key: string]: JsonValue };

/** What a write hands back as proof: the desk records its id and digest on its own ledger row. */
export interface Receipt {
  readonly id: string;
  readonly tool: string;
  /** The desk's request id the write served. */
  readonly request: string;
  /** SHA-256 (lowercase hex) of the RFC 8785 canonical JSON of `{ tool, args, result }`. */
  readonly digest: string;
  /** base64 Ed25519 signature by the partner's key over the RFC 8785 JSON of { id, tool, request, digest }. */
  readonly signature?: string;
}

interface EntryBase {
  /** Position in the log, from 1, across every book. */
  readonly seq: number;
  readonly at: string;
}

/**
 * Opens a book: the site's seeded week, on a first visit, a reset, or after an unreadable record.
 * It holds the seeded data itself, so the record says what the week started from and a visit
 * folds from the log alone (the seed data loads only when a new book is opened).
 */
export interface SeededEntry extends EntryBase {
  readonly kind: 'seeded';
  readonly book: string;
  /** The first day of the seeded week (YYYY-MM-DD). */
  readonly firstDay: string;
  readonly reason: string;
  readonly domain: unknown;
}

/**
 * Who approved a write made under the desk's step authorization, as this site's server found it
 * when it checked that authorization: the dispatcher the desk's signed grant names, whose passkey
 * assertion verified against their credential on the desk's signed list, by id and by the name that
 * same list gave. Nothing the caller sends beside the authorization is taken for it.
 */
export interface DeskApproval {
  /** `step`: the approved write itself; `undo`: the desk's undo of it, under the same approval. */
  readonly kind: 'step' | 'undo';
  /** The dispatcher's id on the desk's list. */
  readonly dispatcher: string;
  /** Their name as the desk's signed list gave it when the write was checked. */
  readonly name: string;
  /** The desk's approval (`A-n`). */
  readonly approval: string;
  /** The desk's request the write served (`R-n`). */
  readonly request: string;
}

/** A write the site served to a caller, with the receipt it handed back. */
export interface WriteEntry<E> extends EntryBase {
  readonly kind: 'write';
  readonly tool: string;
  readonly caller: Caller;
  /** How the call arrived: `webmcp` (an agent on this page), `desk` (the desk's channel), … */
  readonly channel: Channel;
  readonly args: JsonObject;
  readonly result: JsonObject;
  readonly message: string;
  readonly receipt: Receipt;
  /** Present only for a write made under the desk's step authorization, checked by the site's server. */
  readonly approvedBy?: DeskApproval;
  readonly event: E;
}

/** A change the site's own staff made on the page (not a tool; no receipt). */
export interface StaffEntry<E> extends EntryBase {
  readonly kind: 'staff';
  readonly act: string;
  /** The staff member whose session (and, for a change of stock, passkey) made it; absent in older books. */
  readonly by?: string;
  readonly summary: string;
  readonly event: E;
}

export type LogEntry<E> = SeededEntry | WriteEntry<E> | StaffEntry<E>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown): value is string => typeof value === 'string';

function isReceipt(value: unknown): value is Receipt {
  return (
    isRecord(value) &&
    isText(value['id']) &&
    isText(value['tool']) &&
    isText(value['request']) &&
    isText(value['digest']) &&
    (value['signature'] === undefined || isText(value['signature']))
  );
}

function isDeskApproval(value: unknown): value is DeskApproval {
  return (
    isRecord(value) &&
    (value['kind'] === 'step' || value['kind'] === 'undo') &&
    isText(value['dispatcher']) &&
    isText(value['name']) &&
    isText(value['approval']) &&
    isText(value['request'])
  );
}

/**
 * Whether a stored value is an entry this code wrote. The domain event inside is checked by
 * folding it: a record that does not fold is set aside like one that does not parse.
 */
export function isLogEntry(value: unknown): value is LogEntry<unknown> {
  if (!isRecord(value) || !Number.isInteger(value['seq']) || !isText(value['at'])) return false;
  switch (value['kind']) {
    case 'seeded':
      return isText(value['book']) && isText(value['firstDay']) && isText(value['reason']) && isRecord(value['domain']);
    case 'write':
      return (
        isText(value['tool']) &&
        CALLERS.includes(value['caller'] as Caller) &&
        isText(value['channel']) &&
        isRecord(value['args']) &&
        isRecord(value['result']) &&
        isText(value['message']) &&
        isReceipt(value['receipt']) &&
        (value['approvedBy'] === undefined || isDeskApproval(value['approvedBy'])) &&
        'event' in value
      );
    case 'staff':
      return isText(value['act']) && isText(value['summary']) && 'event' in value;
    default:
      return false;
  }
}

// The desk ledger's 17 fields, in the spec's order, as one declaration: the row type, the TSV
// header, the order fields are written in, and what each may hold are all read from here.
import { ACTORS, CHANNELS, LEDGER_EVENTS, POLICY_VERDICTS, STATUSES } from '@warrant/base';

/**
 * What a field holds. `seq`: the row's position, from 1. `timestamp`: an instant as
 * Date.prototype.toISOString writes it. `token`: a site name, verb, tool or id, or empty.
 * `digest`: 64 lowercase hex digits, or empty. `text`: free text. `chain`: 64 lowercase hex
 * digits. `enum`: one of `values`.
 */
export type FieldKind = 'seq' | 'timestamp' | 'token' | 'digest' | 'text' | 'chain' | 'enum';

/**
 * Who supplies the value: the caller must (`required`), may (`optional`: a token or text left
 * out is empty, a time left out is stamped by the store), or the store computes it (`sealed`).
 */
export type FieldGiven = 'required' | 'optional' | 'sealed';

export interface FieldDeclaration {
  readonly name: string;
  readonly kind: FieldKind;
  readonly given: FieldGiven;
  readonly values?: readonly string[];
}

export const LEDGER_FIELDS = [
  { name: 'seq', kind: 'seq', given: 'sealed' },
  { name: 'at', kind: 'timestamp', given: 'optional' },
  { name: 'actor', kind: 'enum', given: 'required', values: ACTORS },
  { name: 'channel', kind: 'enum', given: 'required', values: CHANNELS },
  { name: 'event', kind: 'enum', given: 'required', values: LEDGER_EVENTS },
  { name: 'from', kind: 'token', given: 'optional' },
  { name: 'to', kind: 'token', given: 'optional' },
  { name: 'verb', kind: 'token', given: 'optional' },
  { name: 'request', kind: 'token', given: 'optional' },
  { name: 'lease', kind: 'token', given: 'optional' },
  { name: 'plan', kind: 'token', given: 'optional' },
  { name: 'approval', kind: 'token', given: 'optional' },
  { name: 'digest', kind: 'digest', given: 'optional' },
  { name: 'policy', kind: 'enum', given: 'required', values: POLICY_VERDICTS },
  { name: 'status', kind: 'enum', given: 'required', values: STATUSES },
  { name: 'detail', kind: 'text', given: 'optional' },
  { name: 'chain', kind: 'chain', given: 'sealed' },
] as const satisfies readonly FieldDeclaration[];

/** Longest token, and longest free text, in UTF-16 code units. */
export const TOKEN_MAX_LENGTH = 128;
export const TEXT_MAX_LENGTH = 4096;

type Field = (typeof LEDGER_FIELDS)[number];
export type LedgerFieldName = Field['name'];

type ValueOf<F extends Field> = F extends { kind: 'seq' } ? number : F extends { values: readonly (infer V)[] } ? V : string;

/** One ledger row: every field, typed by its declaration. */
export type LedgerRow = { readonly [F in Field as F['name']]: ValueOf<F> };

/** What a caller appends: the store adds `seq` and `chain`, stamps `at` if absent, and empties absent tokens and text. */
export type LedgerDraft = { readonly [F in Field as F extends { given: 'required' } ? F['name'] : never]: ValueOf<F> } & {
  readonly [F in Field as F extends { given: 'optional' } ? F['name'] : never]?: ValueOf<F>;
};

/** The fields the chain hashes: all but `chain` itself. */
export type ChainedFields = Omit<LedgerRow, 'chain'>;

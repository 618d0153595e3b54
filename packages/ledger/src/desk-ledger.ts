// The desk's ledger (shared/spec/desk.md, "Ledger"): its 17 fields, in the spec's order, as one
// schema, and the codec over it. This is the one place in the package that names a field of a
// particular ledger: everything else reads a schema. The desk's values are the record's
// vocabularies (@warrant/base). The named functions below are this codec's, for the desk, its
// partners and the `warrant-ledger` command, which check the desk's exports.
import { ACTORS, CHANNELS, LEDGER_EVENTS, POLICY_VERDICTS, STATUSES } from '@warrant/base';
import { ledgerCodec } from './codec.ts';
import { defineLedgerSchema, type ChainedOf, type DraftOf, type FieldNameOf, type RowOf } from './schema.ts';

export const DESK_LEDGER_SCHEMA = defineLedgerSchema('desk', [
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
]);

/** The desk's schema, as a type: `LedgerStore<DeskLedgerSchema>`, `LedgerCodec<DeskLedgerSchema>`. */
export type DeskLedgerSchema = typeof DESK_LEDGER_SCHEMA;
type DeskSchema = DeskLedgerSchema;

/** One row of the desk's ledger: every field, typed by its declaration. */
export type LedgerRow = RowOf<DeskSchema>;
/** What the desk appends: the store adds `seq` and `chain`, stamps `at` if absent, and empties absent tokens and text. */
export type LedgerDraft = DraftOf<DeskSchema>;
/** The fields the chain hashes: all but `chain` itself. */
export type ChainedFields = ChainedOf<DeskSchema>;
export type LedgerFieldName = FieldNameOf<DeskSchema>;

/** The codec of the desk's ledger. */
export const deskLedger = ledgerCodec(DESK_LEDGER_SCHEMA);

/** The desk's 17 field declarations, in order. */
export const LEDGER_FIELDS = DESK_LEDGER_SCHEMA.fields;
export const LEDGER_HEADER = deskLedger.header;
// The desk's codec under the names the desk, its partners and the command have always used.
export const {
  serialise: serialiseLedger,
  serialiseRow,
  parse: parseLedger,
  chainOf,
  sealRow,
  verify: verifyLedger,
  logFormat: ledgerLogFormat,
  leaf: ledgerLeaf,
  tree: ledgerTree,
  verifyExport,
  fieldProblem,
} = deskLedger;

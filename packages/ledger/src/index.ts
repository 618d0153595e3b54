// @warrant/ledger: an append-only, hash-chained record. Generic: a ledger is a schema (named,
// typed fields between a seq and a chain) and a codec compiled from it (byte-stable TSV, the
// chain, verification, Merkle leaves); the append-only IndexedDB log holds any record; the
// transparency log (Merkle tree, signed heads, proofs) holds any bytes. Specific: the desk's
// ledger is one schema, DESK_LEDGER_SCHEMA, exported with its codec under the desk's names.

// Any ledger: a schema and its codec
export {
  defineLedgerSchema,
  type LedgerSchema,
  type FieldDeclaration,
  type FieldGiven,
  type FieldKind,
  type RowOf,
  type DraftOf,
  type ChainedOf,
  type FieldNameOf,
} from './schema.ts';
export { ledgerCodec, type LedgerCodec } from './codec.ts';
export type { RowProblem } from './field-check.ts';
export { LedgerRowError, type ParsedLedger } from './tsv.ts';
export { GENESIS } from './chain.ts';
export type { BreakReason, LedgerBreak, Verification, Verified, VerifyOptions } from './verify.ts';
export {
  openLedgerStore,
  ledgerStoreOver,
  type LedgerChange,
  type LedgerStore,
  type LedgerStoreOptions,
  type OpenedLedger,
  type TsvRelation,
  type TsvVerified,
} from './ledger-store.ts';

// The desk's ledger: its schema, its codec, and that codec's functions under the desk's names
export {
  DESK_LEDGER_SCHEMA,
  deskLedger,
  LEDGER_FIELDS,
  LEDGER_HEADER,
  serialiseLedger,
  serialiseRow,
  parseLedger,
  chainOf,
  sealRow,
  verifyLedger,
  ledgerLogFormat,
  ledgerLeaf,
  ledgerTree,
  verifyExport,
  type DeskLedgerSchema,
  type LedgerRow,
  type LedgerDraft,
} from './desk-ledger.ts';

// The append-only log, for any record
export {
  openLog,
  isLogHead,
  type AppendOnlyLog,
  type Appended,
  type LogChange,
  type LogCode,
  type LogEntry,
  type LogHead,
  type LogOptions,
  type OpenedLog,
  type SetAside,
} from './append-only-log.ts';
export { jsonLogFormat, type LogFormat, type LogPosition, type ReadBack, type Sealed } from './log-format.ts';
export { platformLock, type LockRunner } from './lock.ts';

// The transparency log (RFC 6962 / 9162)
export { EMPTY_ROOT, leafHash, nodeHash } from './merkle-hash.ts';
export { MerkleTree } from './merkle-tree.ts';
export { rootFromInclusionProof, verifyConsistency, verifyInclusion } from './merkle-proof.ts';
export { signTreeHead, treeHeadMessage, verifyTreeHead, type SignedTreeHead, type TreeHeadCheck } from './tree-head.ts';
export {
  consistencyProofJson,
  inclusionProofJson,
  readProofJson,
  type ConsistencyProofJson,
  type InclusionProofJson,
  type ProofReading,
} from './proof-json.ts';
export {
  JSON_ENTRIES_HEADER,
  isJsonEntriesExport,
  serialiseJsonEntries,
  verifyJsonEntries,
  verifyJsonEntriesExport,
} from './json-entries.ts';
export type {
  ChainWalk,
  ExportFailure,
  ExportFailureReason,
  ExportOptions,
  ExportVerification,
  ExportVerified,
} from './verify-export.ts';

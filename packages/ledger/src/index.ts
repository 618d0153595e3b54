export {
  LEDGER_FIELDS,
  TEXT_MAX_LENGTH,
  TOKEN_MAX_LENGTH,
  type ChainedFields,
  type FieldDeclaration,
  type FieldGiven,
  type FieldKind,
  type LedgerDraft,
  type LedgerFieldName,
  type LedgerRow,
} from './fields.ts';
export { draftProblem, fieldProblem, rowProblem, type RowProblem } from './field-check.ts';
export { escapeField, unescapeField } from './escape.ts';
export { LEDGER_HEADER, LedgerRowError, parseLedger, serialiseLedger, serialiseRow, type ParsedLedger } from './tsv.ts';
export { chainOf, GENESIS, sealRow } from './chain.ts';
export { verifyLedger, type BreakReason, type LedgerBreak, type Verification, type Verified, type VerifyOptions } from './verify.ts';
export {
  isLogHead,
  openLog,
  type AppendOnlyLog,
  type Appended,
  type ArchiveContents,
  type ArchiveSummary,
  type LogChange,
  type LogCode,
  type LogEntry,
  type LogHead,
  type LogOptions,
  type OpenedLog,
  type Restarted,
  type SetAside,
} from './append-only-log.ts';
export { jsonLogFormat, type LogFormat, type LogPosition, type ReadBack, type Sealed } from './log-format.ts';
export { inProcessLock, platformLock, type LockRunner } from './lock.ts';
export { ledgerLogFormat } from './ledger-format.ts';
export {
  DEFAULT_LEDGER_DB,
  openLedgerStore,
  ledgerStoreOver,
  type LedgerChange,
  type LedgerStore,
  type LedgerStoreOptions,
  type OpenedLedger,
  type TsvRelation,
  type TsvVerified,
} from './ledger-store.ts';
export { EMPTY_ROOT, leafHash, nodeHash } from './merkle-hash.ts';
export { MerkleTree } from './merkle-tree.ts';
export { rootFromInclusionProof, verifyConsistency, verifyInclusion } from './merkle-proof.ts';
export { ledgerLeaf, ledgerTree } from './ledger-tree.ts';
export { signTreeHead, treeHeadMessage, verifyTreeHead, type SignedTreeHead, type TreeHeadCheck } from './tree-head.ts';
export { consistencyProofJson, inclusionProofJson, readProofJson, type ConsistencyProofJson, type InclusionProofJson, type ProofReading } from './proof-json.ts';
export { verifyExport, type ExportFailure, type ExportFailureReason, type ExportOptions, type ExportVerification, type ExportVerified } from './verify-export.ts';

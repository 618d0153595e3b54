// What the minutes say of the record's signed tree head, in whichever form they are written
// (minutes-markdown.ts, minutes-pdf.ts): the head's facts, and how a member checks the record
// against it later with `warrant-ledger verify`, in one wording.
import { pathTo } from '@warrant/site-api';
import { BENCH_API } from '../api/bench-api.ts';
import type { SignedRecord } from './meeting-book.ts';

export const HEAD_HEADING = "The record's signed tree head";

export const headIntro = (record: SignedRecord): string =>
  `When these minutes were made, the bench signed the head of record ${record.meeting} as it stood: ${record.signed.size} ${record.signed.size === 1 ? 'entry' : 'entries'}. The minutes above are drafted from exactly those entries. The head is an RFC 9162 Merkle tree root over the entries, each as its exact JSON text, signed with the bench's Ed25519 key.`;

/** The head's facts, each with its label, as written in the minutes. */
export const headFacts = (record: SignedRecord): readonly (readonly [string, string])[] => [
  ['Record', String(record.meeting)],
  ['Size (entries covered)', String(record.signed.size)],
  ['Root (SHA-256)', record.signed.root_hash],
  ['Signature (Ed25519)', record.signed.signature],
  ["Bench's key (Ed25519, base64)", record.signed.key],
  ['Signed at', record.signed.timestamp],
  ['Chain head after the last entry', record.chain],
];

/** How a member checks the record against this head later: what to save, the command, and what it answers. */
export const checkSteps = (record: SignedRecord) => ({
  save: `To check these minutes later, save the bench's record (${pathTo(BENCH_API.recordExport)} on the bench) as record.jsonl and the head above as head.json, then run:`,
  command: `npx warrant-ledger verify record.jsonl --head head.json --key ${record.signed.key}`,
  answers:
    "It answers OK only if the record's first entries are exactly the ones this head was signed over, with the bench's key; an entry changed, removed or cut off, or a head signed with another key, fails, saying what is wrong.",
});

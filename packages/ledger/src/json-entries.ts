// A record of JSON entries as an export anyone can check against a signed tree head: the log
// jsonLogFormat chains (log-format.ts), written one entry a line. The first line is the format's
// header; each line after it is one entry's exact JSON text (as JSON.stringify wrote it, which
// holds no raw line feed), ended by LF. Those lines are the Merkle tree's leaves, as in a TSV
// export (ledger-tree.ts), so the one check (verify-export.ts) covers both; and each entry's chain
// is SHA-256 of the previous chain, TAB and its JSON, as jsonLogFormat seals it.
// A site that keeps its record as JSON entries (the bench's meeting) exports with
// serialiseJsonEntries, and `warrant-ledger verify` reads the file by its header.
import { GENESIS } from './chain.ts';
import { exportVerifierOver, type VerifyExport } from './verify-export.ts';
import { jsonLogFormat } from './log-format.ts';
import type { BreakReason, LedgerBreak, Verification, VerifyOptions } from './verify.ts';

/** The first line of a JSON-entries export, exactly. */
export const JSON_ENTRIES_HEADER = '{"format":"warrant-ledger/json-entries","version":1}';

const encoder = new TextEncoder();
const chained = jsonLogFormat<unknown>(() => null);

/** Whether `bytes` open with the JSON-entries header (rather than a TSV ledger's). */
export function isJsonEntriesExport(bytes: Uint8Array): boolean {
  const header = encoder.encode(`${JSON_ENTRIES_HEADER}\n`);
  return bytes.length >= header.length && header.every((byte, index) => bytes[index] === byte);
}

/** Why `text` cannot be a line of the export, or null: it must be the JSON.stringify of its own value. */
function entryProblem(text: string): string | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return 'it is not JSON';
  }
  return JSON.stringify(value) === text
    ? null
    : 'it is not written as it was chained (JSON.stringify of its value, with nothing added or spaced)';
}

/**
 * The export of `entries`, each the exact JSON text that was chained. Throws for a text that
 * cannot be a line of it: the export is the record, or nothing.
 */
export function serialiseJsonEntries(entries: readonly string[]): string {
  entries.forEach((entry, index) => {
    const problem = entryProblem(entry);
    if (problem) throw new Error(`Entry ${index + 1} cannot be exported: ${problem}.`);
  });
  return [JSON_ENTRIES_HEADER, ...entries].map((line) => `${line}\n`).join('');
}

function broken(
  row: number,
  seq: number | null,
  reason: BreakReason,
  message: string,
  problem: string = reason,
): LedgerBreak {
  return {
    ok: false,
    isError: true,
    code: 'LEDGER_BROKEN',
    row,
    seq,
    reason,
    message,
    details: { line: row + 1, field: null, problem },
  };
}

const seqOf = (value: unknown): number | null =>
  typeof value === 'object' && value !== null && typeof (value as { seq?: unknown }).seq === 'number'
    ? (value as { seq: number }).seq
    : null;

/**
 * Walks a JSON-entries export: its header, then each line in order, which must be an entry as it
 * was chained, at its place (an entry that states its `seq` must hold its row's), and its chain
 * from the first. `options.head`, when known, is the chain the record must end at.
 */
export function verifyJsonEntries(input: string | Uint8Array, options: VerifyOptions = {}): Verification {
  const bytes = typeof input === 'string' ? encoder.encode(input) : input;
  if (!isJsonEntriesExport(bytes))
    return broken(
      0,
      null,
      'malformed',
      `The first line is not the header of a JSON-entries export (${JSON_ENTRIES_HEADER}).`,
    );
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return broken(0, null, 'malformed', 'The export is not UTF-8 text.');
  }
  const lines = text.split('\n').slice(1);
  // Every line ends with LF, so the last piece is empty; one that is not was cut short.
  const last = lines.pop();
  if (last !== '')
    return broken(
      lines.length + 1,
      null,
      'malformed',
      `Row ${lines.length + 1} does not end with a line feed: the export was cut short or added to by hand.`,
    );
  let seq = options.after?.seq ?? 0;
  let chain = options.after?.chain ?? GENESIS;
  for (let index = 0; index < lines.length; index += 1) {
    const row = index + 1;
    const line = lines[index] as string;
    seq += 1;
    const problem = entryProblem(line);
    if (problem) return broken(row, null, 'malformed', `Row ${row} is not an entry of the record: ${problem}.`);
    const value: unknown = JSON.parse(line);
    const stated = seqOf(value);
    if (stated !== null && stated !== seq) {
      return stated > seq
        ? broken(
            row,
            stated,
            'removed',
            `Row ${row} holds entry ${stated} where entry ${seq} belongs: ${stated - 1 === seq ? `entry ${seq} was` : `entries ${seq} to ${stated - 1} were`} removed.`,
          )
        : broken(
            row,
            stated,
            'inserted',
            `Row ${row} holds entry ${stated} again (or out of its place) where entry ${seq} belongs: an entry was inserted or repeated.`,
          );
    }
    const read = chained.read(value, { seq, prev: chain });
    if (!read.ok) return broken(row, stated, 'malformed', `Row ${row} cannot be chained: ${read.reason}.`);
    chain = read.head;
  }
  if (options.head !== undefined && options.head !== chain)
    return broken(
      lines.length,
      null,
      'removed',
      `The record does not end at the chain head it is known to end at: entries after row ${lines.length} were removed, or one of its entries was changed.`,
    );
  return { ok: true, rows: lines.length, head: chain };
}

/** Checks a JSON-entries export against a signed tree head, as a TSV ledger's export is checked. */
export const verifyJsonEntriesExport: VerifyExport = exportVerifierOver(verifyJsonEntries);

// Verification walks the chain from the first row and names the first row that breaks, and why.
// A single change to a ledger leaves a signature at that row, read here in this order:
//   - the row does not parse                                   → malformed
//   - it is a genuine row of this ledger (it chains after a row present in the file), found again
//     elsewhere                                                → inserted (a replayed copy)
//   - it is a genuine row, out of its place                    → reordered
//   - it would chain here if its seq were the one expected     → edited (the seq)
//   - the row after it chains here instead                     → inserted
//   - its seq is the one expected but its chain does not match → edited
//   - its seq is ahead and nothing in the file precedes it     → removed
// Only the chain is consulted, never a key: whoever rewrites a row and every chain after it makes
// a ledger that verifies. Removing the last rows leaves a shorter ledger that verifies too, unless
// the caller knows the head it should end at (`head`).
import { GENESIS, type Chain } from './chain.ts';
import { SURROGATE, type FieldChecks } from './field-check.ts';
import { sha256HexOfBytes } from './hash.ts';
import type { LinePattern } from './line-pattern.ts';
import type { AnyRow } from './schema.ts';
import { decodeLedgerBytes, type TsvFormat } from './tsv.ts';

export type BreakReason = 'edited' | 'reordered' | 'removed' | 'inserted' | 'malformed';

export interface Verified {
  readonly ok: true;
  /** How many rows verified. */
  readonly rows: number;
  /** The chain of the last row: what a later fragment continues from. */
  readonly head: string;
}

export interface LedgerBreak {
  readonly ok: false;
  readonly isError: true;
  readonly code: 'LEDGER_BROKEN';
  /** The first row that breaks, counted from 1 in the order given; 0 is the header. */
  readonly row: number;
  /** The seq that row holds, when it can be read. */
  readonly seq: number | null;
  readonly reason: BreakReason;
  readonly message: string;
  readonly details: { readonly line: number; readonly field: string | null; readonly problem: string };
}

export type Verification = Verified | LedgerBreak;

export interface VerifyOptions {
  /** Verify a fragment: the rows continue after this row (its seq and chain), not from the start. */
  readonly after?: { readonly seq: number; readonly chain: string };
  /** The chain the ledger is known to end at, so rows removed from (or added to) its end are found too. */
  readonly head?: string;
}

export type Verify<R extends AnyRow> = (
  input: string | Uint8Array | readonly R[],
  options?: VerifyOptions,
) => Verification;

interface Start {
  readonly seq: number;
  readonly chain: string;
}

const encoder = new TextEncoder();
let scratch = new Uint8Array(16384);

/** The number written by the digits at `at`. */
function leadingNumber(text: string, at: number): number {
  let value = 0;
  for (let index = at; index < text.length; index += 1) {
    const digit = text.charCodeAt(index) - 48;
    if (digit < 0 || digit > 9) break;
    value = value * 10 + digit;
  }
  return value;
}

function growScratch(size: number): Uint8Array<ArrayBuffer> {
  const grown = new Uint8Array(size * 2);
  grown.set(scratch.subarray(0, 65));
  return grown;
}

/** The verifier of one schema's ledgers, given as TSV text, its UTF-8 bytes, or typed rows. */
export function verifierOver<R extends AnyRow>(
  fieldCount: number,
  checks: FieldChecks,
  pattern: LinePattern,
  tsv: TsvFormat<R>,
  chain: Chain<R>,
): Verify<R> {
  function walkRows(rows: readonly R[], start: Start): Verification {
    let prev = start.chain;
    for (let index = 0; index < rows.length; index += 1) {
      const row = rows[index] as R;
      const problem = checks.rowProblem(row);
      if (problem) return breakAt('malformed', index + 1, readSeq(row), problem.field, problem.reason);
      if (row.seq !== start.seq + index + 1 || chain.chainOf(prev, row) !== row.chain) {
        return classify(
          rows.map((candidate) => (checks.rowProblem(candidate) ? null : candidate)),
          index,
          prev,
          start,
        );
      }
      prev = row.chain;
    }
    return { ok: true, rows: rows.length, head: prev };
  }

  function walkText(input: string | Uint8Array, start: Start): Verification {
    let text: string;
    // The UTF-8 bytes, when given. Text is not encoded whole: each line is encoded into the
    // scratch as it is hashed, which spares a copy of the ledger the size of the ledger.
    let bytes: Uint8Array | null = null;
    if (typeof input === 'string') {
      text = input;
    } else {
      const decoded = decodeLedgerBytes(input);
      if (!decoded.ok) {
        // The lines before the one that is not UTF-8 may break first: a byte changed to LF ends its
        // line early and leaves the rest of its character at the start of the next.
        const earlier = decoded.line > 1 ? walkText(decoded.before, start) : null;
        return earlier && !earlier.ok
          ? earlier
          : breakAt('malformed', decoded.line - 1, null, null, 'bytes that are not UTF-8');
      }
      text = decoded.text;
      bytes = input;
    }
    let textAt = text.indexOf('\n');
    if (textAt === -1 || text.slice(0, textAt) !== tsv.header)
      return breakAt('malformed', 0, null, null, `the first line is not the header of the ${fieldCount} field names`);
    if (!text.endsWith('\n'))
      return breakAt(
        'malformed',
        text.split('\n').length - 1,
        null,
        null,
        'the last line does not end with a line feed',
      );
    textAt += 1;
    let byteAt = bytes === null ? 0 : bytes.indexOf(0x0a) + 1;

    // The hash input is the previous chain, TAB, then the line up to its last TAB: exactly every
    // field but the chain as serialised, since the line is well formed and so was written by
    // serialising. A well-formed line starts with its seq and ends with TAB and its 64-digit chain
    // (ASCII, so as many characters as bytes), which is compared where it lies in the text; only
    // the bytes hashed are copied, into one reused buffer.
    encoder.encodeInto(`${start.chain}\t`, scratch);
    let prevEnd = -1;
    const prevChain = () => (prevEnd === -1 ? start.chain : text.slice(prevEnd - 64, prevEnd));
    const surrogates = SURROGATE.test(text);
    let index = 0;
    while (textAt < text.length) {
      const textEnd = text.indexOf('\n', textAt);
      if (!pattern.isWellFormedLineAt(text, textAt, textEnd, surrogates)) {
        const reading = tsv.readLine(text.slice(textAt, textEnd));
        return breakAt(
          'malformed',
          index + 1,
          null,
          reading.ok ? null : reading.problem.field,
          reading.ok ? 'unreadable' : reading.problem.reason,
        );
      }
      const chainAt = textEnd - 64;
      let length: number;
      if (bytes === null) {
        const fields = text.slice(textAt, chainAt - 1);
        // UTF-8 takes at most 3 bytes per UTF-16 code unit.
        if (scratch.length < 65 + 3 * fields.length) scratch = growScratch(65 + 3 * fields.length);
        length = encoder.encodeInto(fields, scratch.subarray(65)).written;
      } else {
        const byteEnd = bytes.indexOf(0x0a, byteAt);
        length = byteEnd - 65 - byteAt;
        if (scratch.length < 65 + length) scratch = growScratch(65 + length);
        scratch.set(bytes.subarray(byteAt, byteEnd - 65), 65);
        byteAt = byteEnd + 1;
      }
      const chain = sha256HexOfBytes(scratch.subarray(0, 65 + length));
      if (leadingNumber(text, textAt) !== start.seq + index + 1 || !text.startsWith(chain, chainAt)) {
        return classify(readAll(text), index, prevChain(), start);
      }
      // This row's chain, just found where the line holds it, begins the next row's hash input.
      encoder.encodeInto(chain, scratch);
      prevEnd = textEnd;
      index += 1;
      textAt = textEnd + 1;
    }
    return { ok: true, rows: index, head: prevChain() };
  }

  /** Every data row of a text whose header has been checked; null where a line does not parse. */
  function readAll(text: string): (R | null)[] {
    return text
      .slice(text.indexOf('\n') + 1, -1)
      .split('\n')
      .map((line) => {
        const reading = tsv.readLine(line);
        return reading.ok ? reading.row : null;
      });
  }

  /** Names why the row at `index` breaks a chain that held up to `prev`. */
  function classify(rows: readonly (R | null)[], index: number, prev: string, start: Start): LedgerBreak {
    const row = rows[index] as R;
    const position = index + 1;
    const expected = start.seq + position;
    const chainsAfter = (before: string, candidate: R): boolean => chain.chainOf(before, candidate) === candidate.chain;

    const genuine =
      row.seq === start.seq + 1
        ? chainsAfter(start.chain, row)
        : rows.some((other) => other !== null && other.seq === row.seq - 1 && chainsAfter(other.chain, row));
    if (genuine) {
      const copies = rows.filter(
        (other) => other !== null && other.chain === row.chain && other.seq === row.seq,
      ).length;
      if (copies > 1)
        return breakAt(
          'inserted',
          position,
          row.seq,
          null,
          `seq ${row.seq} appears twice; this copy is not where the chain puts it`,
        );
      return breakAt(
        'reordered',
        position,
        row.seq,
        null,
        `seq ${row.seq} is a genuine row out of its place; seq ${expected} was expected here`,
      );
    }
    if (row.seq !== expected && chainsAfter(prev, { ...row, seq: expected } as R)) {
      return breakAt('edited', position, row.seq, 'seq', `its seq was changed from ${expected} to ${row.seq}`);
    }
    const next = rows[index + 1];
    if (next && next.seq === expected && chainsAfter(prev, next)) {
      return breakAt(
        'inserted',
        position,
        row.seq,
        null,
        `the chain skips this row: the row after it follows seq ${expected - 1}`,
      );
    }
    if (row.seq === expected)
      return breakAt('edited', position, row.seq, null, 'its chain does not match its fields and the chain before it');
    if (row.seq > expected) {
      const missing = row.seq - expected === 1 ? `seq ${expected} is` : `seq ${expected} to ${row.seq - 1} are`;
      return breakAt('removed', position, row.seq, null, `${missing} missing before it`);
    }
    return breakAt(
      'inserted',
      position,
      row.seq,
      null,
      `seq ${row.seq} is not part of the chain after seq ${expected - 1}`,
    );
  }

  return (input, options = {}) => {
    const start = options.after ?? { seq: 0, chain: GENESIS };
    const isText = typeof input === 'string' || input instanceof Uint8Array;
    const walked = isText ? walkText(input, start) : walkRows(input, start);
    if (!walked.ok || options.head === undefined || options.head === walked.head) return walked;
    // A text that verified is well formed, so reading its rows again cannot fail here.
    const rows = isText ? (tsv.parse(input) as { rows: R[] }).rows : input;
    return endBreak(walked, options.head, rows);
  };
}

function endBreak(walked: Verified, head: string, rows: readonly AnyRow[]): LedgerBreak {
  const endsAt = rows.findIndex((row) => row.chain === head);
  if (endsAt !== -1) {
    return breakAt(
      'inserted',
      endsAt + 2,
      rows[endsAt + 1]?.seq ?? null,
      null,
      `the ledger should end at row ${endsAt + 1}; the rows after it were added`,
    );
  }
  return breakAt(
    'removed',
    walked.rows + 1,
    null,
    null,
    `the ledger should continue after row ${walked.rows} to the head it was given; the rows after it are missing`,
  );
}

const MEANING: Record<BreakReason, string> = {
  edited: 'was changed after it was written',
  reordered: 'is out of order',
  removed: 'follows a gap: rows were removed',
  inserted: 'was inserted: it is not part of the chain',
  malformed: 'cannot be read',
};

function breakAt(
  reason: BreakReason,
  row: number,
  seq: number | null,
  field: string | null,
  problem: string,
): LedgerBreak {
  const where = row === 0 ? 'The header' : `Row ${row}${seq !== null && seq !== row ? ` (seq ${seq})` : ''}`;
  return {
    ok: false,
    isError: true,
    code: 'LEDGER_BROKEN',
    row,
    seq,
    reason,
    message: `${where} ${MEANING[reason]}${field ? ` (field ${field})` : ''}: ${problem}.${row > 1 ? ' Every row before it verifies.' : ''}`,
    details: { line: row + 1, field, problem },
  };
}

function readSeq(row: unknown): number | null {
  const seq = typeof row === 'object' && row !== null ? (row as { seq?: unknown }).seq : undefined;
  return typeof seq === 'number' ? seq : null;
}

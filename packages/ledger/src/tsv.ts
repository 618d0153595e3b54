// The ledger as tab-separated text: a header line of the 17 names, then one line per row, fields
// joined by TAB, every line ended by LF, UTF-8. Inside a field `\`, TAB, LF and CR are written
// `\\`, `\t`, `\n`, `\r`. Parsing accepts exactly what serialising writes and nothing else (no
// other escape, no raw CR, no missing final LF, no byte-order mark), which is what makes
// serialise ∘ parse the identity on bytes.
import { fieldProblem, rowProblem, type RowProblem } from './field-check.ts';
import { LEDGER_FIELDS, type ChainedFields, type FieldDeclaration, type LedgerFieldName, type LedgerRow } from './fields.ts';
import { ByteWriter } from './byte-writer.ts';
import { unescapeField } from './escape.ts';
import { isWellFormedLine } from './line-pattern.ts';
import { refusal, type ToolRefusal } from '@warrant/base';

export const LEDGER_HEADER = LEDGER_FIELDS.map((field) => field.name).join('\t');

/** A row that cannot be written, named by its position (from 1) and the field at fault. */
export class LedgerRowError extends Error {
  readonly code = 'INVALID_ROW';
  readonly row: number;
  readonly field: LedgerFieldName | null;
  readonly reason: string;

  constructor(row: number, problem: RowProblem) {
    super(`Row ${row}${problem.field ? `, field ${problem.field}` : ''}: ${problem.reason}`);
    this.name = 'LedgerRowError';
    this.row = row;
    this.field = problem.field;
    this.reason = problem.reason;
  }
}

const CANONICAL_SEQ = /^[1-9][0-9]*$/;

const CHAINED_NAMES = LEDGER_FIELDS.slice(0, -1).map((field) => field.name as keyof ChainedFields);
const TAB = 0x09;
const LF = 0x0a;

/**
 * Writes the first 16 fields as the chain hashes them: escaped and TAB-joined. Every row sealed,
 * serialised or chained passes through here, so the fields are read by name, in the declaration's
 * order, rather than by a loop of keyed reads over LEDGER_FIELDS (which profiled at a tenth of
 * sealing's time). Only free text can hold a character that is escaped. The order is checked
 * against LEDGER_FIELDS when this module loads, and every round trip through parseLedger (which
 * reads by the declaration) checks it again.
 */
export function writeChained(writer: ByteWriter, row: ChainedFields): void {
  writer.text(String(row.seq));
  writer.byte(TAB);
  writer.text(row.at);
  writer.byte(TAB);
  writer.text(row.actor);
  writer.byte(TAB);
  writer.text(row.channel);
  writer.byte(TAB);
  writer.text(row.event);
  writer.byte(TAB);
  writer.text(row.from);
  writer.byte(TAB);
  writer.text(row.to);
  writer.byte(TAB);
  writer.text(row.verb);
  writer.byte(TAB);
  writer.text(row.request);
  writer.byte(TAB);
  writer.text(row.lease);
  writer.byte(TAB);
  writer.text(row.plan);
  writer.byte(TAB);
  writer.text(row.approval);
  writer.byte(TAB);
  writer.text(row.digest);
  writer.byte(TAB);
  writer.text(row.policy);
  writer.byte(TAB);
  writer.text(row.status);
  writer.byte(TAB);
  writer.escaped(row.detail);
}

const WRITTEN_ORDER = ['seq', 'at', 'actor', 'channel', 'event', 'from', 'to', 'verb', 'request', 'lease', 'plan', 'approval', 'digest', 'policy', 'status', 'detail'];
if (CHAINED_NAMES.join('\t') !== WRITTEN_ORDER.join('\t') || LEDGER_FIELDS.some((field, index) => (field.kind === 'text') !== (index === 15))) {
  throw new Error('writeChained no longer follows LEDGER_FIELDS: write the fields in the declared order, escaping the text fields');
}

const writer = new ByteWriter();
/** Strict UTF-8 that keeps a byte-order mark as a character: written back as it was, refused where a header is due. */
const DECODER = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

function writeRow(row: LedgerRow, position: number): void {
  const problem = rowProblem(row);
  if (problem) throw new LedgerRowError(position, problem);
  writeChained(writer, row);
  writer.byte(TAB);
  writer.text(row.chain);
}

/** One row as one line, without its LF. Throws LedgerRowError for a row that could not be read back. */
export function serialiseRow(row: LedgerRow, position = 1): string {
  writer.reset();
  writeRow(row, position);
  return DECODER.decode(writer.view());
}

/** The whole ledger as TSV text. Throws LedgerRowError naming the first row that could not be read back. */
export function serialiseLedger(rows: readonly LedgerRow[]): string {
  writer.reset();
  writer.text(LEDGER_HEADER);
  writer.byte(LF);
  for (let index = 0; index < rows.length; index += 1) {
    writeRow(rows[index] as LedgerRow, index + 1);
    writer.byte(LF);
  }
  return DECODER.decode(writer.view());
}

export type LineReading = { readonly ok: true; readonly row: LedgerRow } | { readonly ok: false; readonly problem: RowProblem };

const FIELD_COUNT = LEDGER_FIELDS.length;

/** One data line (without its LF) read as a typed row, or the first field at fault. */
export function readLine(line: string): LineReading {
  if (!isWellFormedLine(line)) return { ok: false, problem: lineProblem(line) };
  const parts = line.split('\t');
  const row: Record<string, unknown> = {};
  for (let index = 0; index < FIELD_COUNT; index += 1) {
    const field = LEDGER_FIELDS[index] as FieldDeclaration;
    const text = parts[index] as string;
    row[field.name] = field.kind === 'seq' ? Number(text) : field.kind === 'text' ? unescapeField(text) : text;
  }
  return { ok: true, row: row as LedgerRow };
}

/**
 * What is wrong with a line that is not well formed, field by field. Only free text is
 * unescaped: a backslash anywhere else could only stand for a character that field may not hold,
 * so that field's own check refuses it.
 */
function lineProblem(line: string): RowProblem {
  const parts = line.split('\t');
  if (parts.length !== FIELD_COUNT) return { field: null, reason: `expected ${FIELD_COUNT} TAB-separated fields, found ${parts.length}` };
  for (let index = 0; index < FIELD_COUNT; index += 1) {
    const field = LEDGER_FIELDS[index] as FieldDeclaration;
    const name = field.name as LedgerFieldName;
    const text = parts[index] as string;
    if (text.includes('\r')) return { field: name, reason: 'a raw carriage return; it is written \\r' };
    let value: unknown = text;
    if (field.kind === 'seq') {
      if (!CANONICAL_SEQ.test(text)) return { field: name, reason: `expected a whole number from 1 without leading zeros, got ${JSON.stringify(text)}` };
      value = Number(text);
    } else if (field.kind === 'text') {
      value = unescapeField(text);
      if (value === null) return { field: name, reason: 'a backslash not followed by \\, t, n or r' };
    }
    const reason = fieldProblem(field, value);
    if (reason !== null) return { field: name, reason };
  }
  return { field: null, reason: 'the line is not one a row serialises to' };
}

export type TextReading =
  | { readonly ok: true; readonly text: string }
  /** `before`: the lines ahead of the one that is not UTF-8, which may break first. */
  | { readonly ok: false; readonly line: number; readonly before: Uint8Array };

/** UTF-8 bytes as text, or the line (from 1) holding the first byte sequence that is not UTF-8. */
export function decodeLedgerBytes(bytes: Uint8Array): TextReading {
  try {
    return { ok: true, text: DECODER.decode(bytes) };
  } catch {
    let start = 0;
    for (let line = 1; ; line += 1) {
      const end = bytes.indexOf(0x0a, start);
      try {
        DECODER.decode(bytes.subarray(start, end === -1 ? bytes.length : end));
      } catch {
        return { ok: false, line, before: bytes.subarray(0, start) };
      }
      start = end + 1;
    }
  }
}

export type ParsedLedger = { readonly ok: true; readonly rows: LedgerRow[] } | ToolRefusal<'MALFORMED_LEDGER'>;

/**
 * TSV text or its UTF-8 bytes as typed rows. Checks the form of every line and field, not the
 * chain: verifyLedger says whether the rows are the ones that were written.
 */
export function parseLedger(input: string | Uint8Array): ParsedLedger {
  let text: string;
  if (typeof input === 'string') {
    text = input;
  } else {
    const decoded = decodeLedgerBytes(input);
    if (!decoded.ok) {
      // A byte changed to LF can end a line early and leave the rest of its character on the next.
      const earlier = decoded.line > 1 ? parseLedger(decoded.before) : null;
      return earlier && !earlier.ok ? earlier : malformed(decoded.line - 1, null, 'bytes that are not UTF-8');
    }
    text = decoded.text;
  }
  if (!text.endsWith('\n')) return malformed(text.split('\n').length - 1, null, 'the last line does not end with a line feed');
  const lines = text.slice(0, -1).split('\n');
  if (lines[0] !== LEDGER_HEADER) return malformed(0, null, `the first line is not the header of the ${LEDGER_FIELDS.length} field names`);
  const rows: LedgerRow[] = [];
  for (let index = 1; index < lines.length; index += 1) {
    const reading = readLine(lines[index] as string);
    if (!reading.ok) return malformed(index, reading.problem.field, reading.problem.reason);
    rows.push(reading.row);
  }
  return { ok: true, rows };
}

function malformed(row: number, field: LedgerFieldName | null, reason: string): ToolRefusal<'MALFORMED_LEDGER'> {
  const where = row === 0 ? 'The header' : `Row ${row}${field ? `, field ${field},` : ''}`;
  return refusal('MALFORMED_LEDGER', `${where} cannot be read: ${reason}. Nothing was imported.`, { row, line: row + 1, field, reason });
}

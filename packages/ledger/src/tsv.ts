// A ledger as tab-separated text: a header line of its field names, then one line per row, fields
// joined by TAB, every line ended by LF, UTF-8. Inside a text field `\`, TAB, LF and CR are written
// `\\`, `\t`, `\n`, `\r`. Parsing accepts exactly what serialising writes and nothing else (no
// other escape, no raw CR, no missing final LF, no byte-order mark), which is what makes
// serialise ∘ parse the identity on bytes. One codec per schema, compiled when it is made.
import { refusal, type ToolRefusal } from '@warrant/base';
import { ByteWriter } from './byte-writer.ts';
import { unescapeField } from './escape.ts';
import type { FieldChecks, RowProblem } from './field-check.ts';
import type { LinePattern } from './line-pattern.ts';
import type { AnyRow, FieldDeclaration, LedgerSchema } from './schema.ts';

/** A row that cannot be written, named by its position (from 1) and the field at fault. */
export class LedgerRowError extends Error {
  readonly code = 'INVALID_ROW';
  readonly row: number;
  readonly field: string | null;
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
const TAB = 0x09;
const LF = 0x0a;

const writer = new ByteWriter();
/** Strict UTF-8 that keeps a byte-order mark as a character: written back as it was, refused where a header is due. */
const DECODER = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

export type LineReading<R> =
  { readonly ok: true; readonly row: R } | { readonly ok: false; readonly problem: RowProblem };

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

export type ParsedLedger<R = AnyRow> = { readonly ok: true; readonly rows: R[] } | ToolRefusal<'MALFORMED_LEDGER'>;

export interface TsvFormat<R extends AnyRow = AnyRow> {
  /** The header line: the field names, TAB-joined. */
  readonly header: string;
  /** Writes every field but the chain as the chain hashes them: escaped where text, TAB-joined. */
  writeChained(writer: ByteWriter, row: Omit<R, 'chain'>): void;
  /** One row as one line, without its LF. Throws LedgerRowError for a row that could not be read back. */
  serialiseRow(row: R, position?: number): string;
  /** The whole ledger as TSV text. Throws LedgerRowError naming the first row that could not be read back. */
  serialise(rows: readonly R[]): string;
  /** One data line (without its LF) read as a typed row, or the first field at fault. */
  readLine(line: string): LineReading<R>;
  /** TSV text or its UTF-8 bytes as typed rows; checks the form of every line and field, not the chain. */
  parse(input: string | Uint8Array): ParsedLedger<R>;
}

export function tsvFormat<R extends AnyRow>(
  schema: LedgerSchema,
  checks: FieldChecks,
  pattern: LinePattern,
): TsvFormat<R> {
  const fields = schema.fields;
  const header = fields.map((field) => field.name).join('\t');
  const fieldCount = fields.length;
  // What writeChained writes, field by field: its name and whether it is a number, escaped text
  // or plain. Every row sealed, serialised or chained passes through here, so the loop reads
  // from arrays made once rather than from the declarations.
  const chained = fields.slice(0, -1);
  const names = chained.map((field) => field.name);
  const SEQ = 0;
  const ESCAPED = 1;
  const PLAIN = 2;
  const ways = chained.map((field) => (field.kind === 'seq' ? SEQ : field.kind === 'text' ? ESCAPED : PLAIN));

  const writeChained = (out: ByteWriter, row: Omit<R, 'chain'>): void => {
    const values = row as unknown as Readonly<Record<string, unknown>>;
    for (let index = 0; index < names.length; index += 1) {
      if (index > 0) out.byte(TAB);
      const value = values[names[index] as string];
      const way = ways[index];
      if (way === SEQ) out.text(String(value));
      else if (way === ESCAPED) out.escaped(value as string);
      else out.text(value as string);
    }
  };

  const writeRow = (row: R, position: number): void => {
    const problem = checks.rowProblem(row);
    if (problem) throw new LedgerRowError(position, problem);
    writeChained(writer, row);
    writer.byte(TAB);
    writer.text(row.chain);
  };

  const readLine = (line: string): LineReading<R> => {
    if (!pattern.isWellFormedLine(line)) return { ok: false, problem: lineProblem(line) };
    const parts = line.split('\t');
    const row: Record<string, unknown> = {};
    for (let index = 0; index < fieldCount; index += 1) {
      const field = fields[index] as FieldDeclaration;
      const text = parts[index] as string;
      row[field.name] = field.kind === 'seq' ? Number(text) : field.kind === 'text' ? unescapeField(text) : text;
    }
    return { ok: true, row: row as R };
  };

  /**
   * What is wrong with a line that is not well formed, field by field. Only free text is
   * unescaped: a backslash anywhere else could only stand for a character that field may not hold,
   * so that field's own check refuses it.
   */
  const lineProblem = (line: string): RowProblem => {
    const parts = line.split('\t');
    if (parts.length !== fieldCount)
      return { field: null, reason: `expected ${fieldCount} TAB-separated fields, found ${parts.length}` };
    for (let index = 0; index < fieldCount; index += 1) {
      const field = fields[index] as FieldDeclaration;
      const text = parts[index] as string;
      if (text.includes('\r')) return { field: field.name, reason: 'a raw carriage return; it is written \\r' };
      let value: unknown = text;
      if (field.kind === 'seq') {
        if (!CANONICAL_SEQ.test(text))
          return {
            field: field.name,
            reason: `expected a whole number from 1 without leading zeros, got ${JSON.stringify(text)}`,
          };
        value = Number(text);
      } else if (field.kind === 'text') {
        value = unescapeField(text);
        if (value === null) return { field: field.name, reason: 'a backslash not followed by \\, t, n or r' };
      }
      const reason = checks.fieldProblem(field, value);
      if (reason !== null) return { field: field.name, reason };
    }
    return { field: null, reason: 'the line is not one a row serialises to' };
  };

  const malformed = (row: number, field: string | null, reason: string): ToolRefusal<'MALFORMED_LEDGER'> => {
    const where = row === 0 ? 'The header' : `Row ${row}${field ? `, field ${field},` : ''}`;
    return refusal('MALFORMED_LEDGER', `${where} cannot be read: ${reason}. Nothing was imported.`, {
      row,
      line: row + 1,
      field,
      reason,
    });
  };

  const parse = (input: string | Uint8Array): ParsedLedger<R> => {
    let text: string;
    if (typeof input === 'string') {
      text = input;
    } else {
      const decoded = decodeLedgerBytes(input);
      if (!decoded.ok) {
        // A byte changed to LF can end a line early and leave the rest of its character on the next.
        const earlier = decoded.line > 1 ? parse(decoded.before) : null;
        return earlier && !earlier.ok ? earlier : malformed(decoded.line - 1, null, 'bytes that are not UTF-8');
      }
      text = decoded.text;
    }
    if (!text.endsWith('\n'))
      return malformed(text.split('\n').length - 1, null, 'the last line does not end with a line feed');
    const lines = text.slice(0, -1).split('\n');
    if (lines[0] !== header)
      return malformed(0, null, `the first line is not the header of the ${fieldCount} field names`);
    const rows: R[] = [];
    for (let index = 1; index < lines.length; index += 1) {
      const reading = readLine(lines[index] as string);
      if (!reading.ok) return malformed(index, reading.problem.field, reading.problem.reason);
      rows.push(reading.row);
    }
    return { ok: true, rows };
  };

  return {
    header,
    writeChained,
    serialiseRow(row, position = 1) {
      writer.reset();
      writeRow(row, position);
      return DECODER.decode(writer.view());
    },
    serialise(rows) {
      writer.reset();
      writer.text(header);
      writer.byte(LF);
      for (let index = 0; index < rows.length; index += 1) {
        writeRow(rows[index] as R, index + 1);
        writer.byte(LF);
      }
      return DECODER.decode(writer.view());
    },
    readLine,
    parse,
  };
}

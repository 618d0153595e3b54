import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { unescapeField } from './escape.ts';
import { DESK_LEDGER_SCHEMA, fieldProblem, LEDGER_FIELDS, serialiseRow, type LedgerRow } from './desk-ledger.ts';
import { linePattern } from './line-pattern.ts';
import { ledger } from '../test-support/rows.ts';

const { isWellFormedLine } = linePattern(DESK_LEDGER_SCHEMA);

/** Thousands of runs: room for them on a machine shared with other work. */
const PROPERTY_TIMEOUT_MS = 60_000;

/** The slow, independent reading: split on TAB and check each field on its own. */
function everyFieldReads(line: string): boolean {
  const parts = line.split('\t');
  if (parts.length !== LEDGER_FIELDS.length) return false;
  return LEDGER_FIELDS.every((field, index) => {
    const text = parts[index] as string;
    if (text.includes('\r') || text.includes('\n')) return false;
    if (field.kind === 'seq') return /^[1-9][0-9]*$/.test(text) && fieldProblem(field, Number(text)) === null;
    if (field.kind === 'text') {
      const value = unescapeField(text);
      return value !== null && fieldProblem(field, value) === null;
    }
    return fieldProblem(field, text) === null;
  });
}

const noise = fc.constantFrom(
  '\t',
  '\\',
  '\\x',
  '\r',
  '0',
  'Z',
  'A',
  '-',
  ' ',
  '\ud800',
  'é',
  '99',
  'human',
  'f'.repeat(64),
);

describe('the whole-line pattern', () => {
  it(
    'accepts exactly the lines the field-by-field reading accepts',
    () => {
      fc.assert(
        fc.property(ledger(1, 1), fc.nat(), fc.nat({ max: 3 }), noise, (rows, at, cut, insert) => {
          const line = serialiseRow(rows[0] as LedgerRow);
          const position = at % (line.length + 1);
          const changed = line.slice(0, position) + insert + line.slice(position + cut);
          expect(isWellFormedLine(changed)).toBe(everyFieldReads(changed));
          expect(isWellFormedLine(line)).toBe(true);
        }),
        { numRuns: 3000 },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it('refuses what a pattern alone would let through', () => {
    const [row] = fc.sample(ledger(1, 1), { numRuns: 1, seed: 3 })[0] as LedgerRow[];
    const line = serialiseRow(row as LedgerRow);
    const fields = line.split('\t');
    const withField = (index: number, value: string) =>
      fields.map((field, i) => (i === index ? value : field)).join('\t');
    expect(isWellFormedLine(withField(1, '2025-02-29T00:00:00.000Z'))).toBe(false);
    expect(isWellFormedLine(withField(1, '2024-02-29T23:59:59.999Z'))).toBe(true);
    expect(isWellFormedLine(withField(0, '99999999999999999999'))).toBe(false);
    expect(isWellFormedLine(withField(15, 'a\ud800b'))).toBe(false);
    expect(isWellFormedLine(withField(15, 'x'.repeat(4097)))).toBe(false);
    expect(isWellFormedLine(withField(15, '\\n'.repeat(4096)))).toBe(true);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chained, ledger, rowBody } from '../test-support/rows.ts';
import { LEDGER_HEADER, parseLedger, serialiseLedger, serialiseRow, type LedgerRow } from './desk-ledger.ts';
import { LedgerRowError } from './tsv.ts';

/** Thousands of runs: room for them on a machine shared with other work. */
const PROPERTY_TIMEOUT_MS = 60_000;

const encoder = new TextEncoder();

const SAMPLE: LedgerRow = {
  seq: 1,
  at: '2026-12-01T09:30:00.000Z',
  actor: 'agent',
  channel: 'webmcp',
  event: 'tool_invoked',
  from: 'desk',
  to: 'pantry',
  verb: 'reserve_parcels',
  request: 'R-1',
  lease: 'L-2',
  plan: 'P-1',
  approval: 'A-1',
  digest: 'ab'.repeat(32),
  policy: 'allow',
  status: 'ok',
  detail: 'shape=object\tnote: "a\\b"\nnext\r',
  chain: 'cd'.repeat(32),
};

function mustParse(input: string | Uint8Array): LedgerRow[] {
  const parsed = parseLedger(input);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.rows;
}

describe('the ledger as TSV', () => {
  it('has a header of the 17 field names in the order the spec gives them', () => {
    expect(LEDGER_HEADER).toBe(
      'seq\tat\tactor\tchannel\tevent\tfrom\tto\tverb\trequest\tlease\tplan\tapproval\tdigest\tpolicy\tstatus\tdetail\tchain',
    );
  });

  it('writes one line per row, TAB-joined, LF-ended, with \\ TAB LF CR escaped', () => {
    const text = serialiseLedger([SAMPLE]);
    expect(text).toBe(
      `${LEDGER_HEADER}\n1\t2026-12-01T09:30:00.000Z\tagent\twebmcp\ttool_invoked\tdesk\tpantry\treserve_parcels\tR-1\tL-2\tP-1\tA-1\t${'ab'.repeat(32)}\tallow\tok\tshape=object\\tnote: "a\\\\b"\\nnext\\r\t${'cd'.repeat(32)}\n`,
    );
    expect(mustParse(text)).toEqual([SAMPLE]);
  });

  it('writes an empty ledger as its header line alone', () => {
    expect(serialiseLedger([])).toBe(`${LEDGER_HEADER}\n`);
    expect(mustParse(`${LEDGER_HEADER}\n`)).toEqual([]);
  });

  it('parse ∘ serialise gives back every row, for any text in the detail', () => {
    fc.assert(
      fc.property(ledger(0, 12), (rows) => {
        expect(mustParse(serialiseLedger(rows))).toEqual(rows);
      }),
      { numRuns: 300 },
    );
  });

  it(
    'serialise ∘ parse is the identity on bytes, for a written ledger and for any one-byte change that still parses',
    () => {
      fc.assert(
        fc.property(ledger(1, 8), fc.nat(), fc.integer({ min: 0, max: 255 }), (rows, at, byte) => {
          const bytes = encoder.encode(serialiseLedger(rows));
          expect(encoder.encode(serialiseLedger(mustParse(bytes)))).toEqual(bytes);
          const changed = bytes.slice();
          changed[at % bytes.length] = byte;
          const parsed = parseLedger(changed);
          // Parsing is strict: a changed text either fails to parse or writes back to exactly itself.
          if (parsed.ok) expect(encoder.encode(serialiseLedger(parsed.rows))).toEqual(changed);
        }),
        { numRuns: 500 },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it('refuses a lone surrogate, naming the row and the field', () => {
    const rows = chained([
      { ...SAMPLE, detail: 'fine' },
      { ...SAMPLE, detail: 'broken \ud800 here' },
    ]);
    let caught: unknown;
    try {
      serialiseLedger(rows);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(LedgerRowError);
    expect(caught).toMatchObject({ code: 'INVALID_ROW', row: 2, field: 'detail' });
    expect((caught as Error).message).toMatch(/Row 2, field detail: .*lone surrogate at index 7/);

    const text = `${LEDGER_HEADER}\n${serialiseRow(rows[0] as LedgerRow)}\n${serialiseRow({ ...(rows[0] as LedgerRow), seq: 2 }).replace('fine', 'x\udc00')}\n`;
    const parsed = parseLedger(text);
    expect(parsed).toMatchObject({
      ok: false,
      isError: true,
      code: 'MALFORMED_LEDGER',
      details: { row: 2, field: 'detail' },
    });
  });

  it('refuses bytes that are not UTF-8, naming the row', () => {
    const bytes = encoder.encode(serialiseLedger(chained([SAMPLE, SAMPLE, SAMPLE])));
    const third = bytes.indexOf(0x0a, bytes.indexOf(0x0a, bytes.indexOf(0x0a) + 1) + 1) + 5;
    bytes[third] = 0xff;
    expect(parseLedger(bytes)).toMatchObject({ ok: false, code: 'MALFORMED_LEDGER', details: { row: 3 } });
  });

  it.each([
    ['a byte-order mark', (text: string) => `\ufeff${text}`, 0, null],
    ['a missing final line feed', (text: string) => text.slice(0, -1), 2, null],
    ['CRLF line ends', (text: string) => text.replace(/\n/g, '\r\n'), 0, null],
    ['an escape serialising never writes', (text: string) => text.replace('fine', 'fi\\x'), 1, 'detail'],
    ['a backslash ending a field', (text: string) => text.replace('fine', 'fine\\'), 1, 'detail'],
    ['a raw carriage return', (text: string) => text.replace('fine', 'fi\rne'), 1, 'detail'],
    ['a seq with a leading zero', (text: string) => text.replace('\n2\t', '\n02\t'), 2, 'seq'],
    ['an actor outside the vocabulary', (text: string) => text.replace('\tagent\t', '\trobot\t'), 1, 'actor'],
    ['an event outside the list', (text: string) => text.replace('tool_invoked', 'tool_invented'), 1, 'event'],
    ['an upper-case chain', (text: string) => text.replace('cd'.repeat(32), 'CD'.repeat(32)), 1, 'chain'],
    ['a date that does not exist', (text: string) => text.replace('2026-12-01', '2026-02-30'), 1, 'at'],
    ['a row with a field too few', (text: string) => text.replace('\tP-1', ''), 1, null],
    ['an empty line', (text: string) => text.replace('\n2\t', '\n\n2\t'), 2, null],
  ])('refuses %s and names where', (_name, edit, row, field) => {
    const rows: LedgerRow[] = [
      { ...SAMPLE, detail: 'fine' },
      { ...SAMPLE, seq: 2, detail: 'also fine' },
    ];
    const parsed = parseLedger(edit(serialiseLedger(rows)));
    expect(parsed).toMatchObject({ ok: false, isError: true, code: 'MALFORMED_LEDGER', details: { row, field } });
  });

  it('refuses to write a row that could not be read back', () => {
    expect(() => serialiseRow({ ...SAMPLE, actor: 'robot' as LedgerRow['actor'] })).toThrow(
      /field actor: expected one of human, agent, runner, system/,
    );
    expect(() => serialiseRow({ ...SAMPLE, extra: 1 } as LedgerRow)).toThrow(/"extra" is not a ledger field/);
    expect(() => serialiseRow({ ...SAMPLE, seq: 0 })).toThrow(/field seq/);
  });

  it('keeps every field of any row body through a round trip', () => {
    fc.assert(
      fc.property(rowBody, (body) => {
        const [row] = chained([body]);
        expect(mustParse(serialiseLedger([row as LedgerRow]))[0]).toEqual(row);
      }),
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseLedger, serialiseLedger, verifyLedger, type LedgerRow } from './desk-ledger.ts';
import { chained, forgedRow, ledger, rowBody } from '../test-support/rows.ts';
import type { Verification } from './verify.ts';

/** Thousands of runs: room for them on a machine shared with other work. */
const PROPERTY_TIMEOUT_MS = 60_000;

const encoder = new TextEncoder();
const RUNS = 400;

function bytesOf(rows: readonly LedgerRow[]): Uint8Array {
  return encoder.encode(serialiseLedger(rows));
}

/** The same verdict whether the ledger is handed over as rows, as text or as bytes. */
function verifyEveryWay(rows: readonly LedgerRow[], options = {}): Verification {
  const asRows = verifyLedger(rows, options);
  expect(verifyLedger(serialiseLedger(rows), options)).toEqual(asRows);
  expect(verifyLedger(bytesOf(rows), options)).toEqual(asRows);
  return asRows;
}

describe('verifyLedger', () => {
  it('verifies a ledger as written, and gives its head', () => {
    fc.assert(
      fc.property(ledger(0, 20), (rows) => {
        expect(verifyEveryWay(rows)).toEqual({
          ok: true,
          rows: rows.length,
          head: rows.at(-1)?.chain ?? '0'.repeat(64),
        });
      }),
      { numRuns: 200 },
    );
  });

  it(
    'finds any single byte changed, at the row holding that byte',
    () => {
      fc.assert(
        fc.property(ledger(1, 15), fc.nat(), fc.integer({ min: 1, max: 255 }), (rows, at, delta) => {
          const bytes = bytesOf(rows);
          const position = at % bytes.length;
          const changed = bytes.slice();
          changed[position] = ((bytes[position] as number) + delta) % 256;
          // A byte belongs to the line it ends or sits in; line 0 is the header.
          const row = bytes.subarray(0, position).filter((byte) => byte === 0x0a).length;
          const result = verifyLedger(changed);
          expect(result.ok).toBe(false);
          expect(result).toMatchObject({ row });
        }),
        { numRuns: 4000 },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it('names the row whose character a line feed cut in two, not the line left holding the rest of it', () => {
    const bodies = fc.sample(rowBody, { numRuns: 3, seed: 11 });
    const rows = chained(bodies.map((body, index) => (index === 1 ? { ...body, detail: 'parcels 🍲 ready' } : body)));
    const bytes = bytesOf(rows);
    const lead = bytes.indexOf(0xf0);
    for (const cut of [lead, lead + 2]) {
      const changed = bytes.slice();
      changed[cut] = 0x0a;
      expect(verifyLedger(changed)).toMatchObject({ ok: false, row: 2, reason: 'malformed' });
      expect(parseLedger(changed)).toMatchObject({ ok: false, details: { row: 2 } });
    }
  });

  it('finds any row removed, at its place', () => {
    fc.assert(
      fc.property(ledger(2, 15), fc.nat(), (rows, at) => {
        const index = at % rows.length;
        const removed = rows.filter((_, i) => i !== index);
        const head = rows.at(-1)?.chain;
        expect(verifyEveryWay(removed, { head })).toMatchObject({ ok: false, row: index + 1, reason: 'removed' });
      }),
      { numRuns: RUNS },
    );
  });

  it('cannot see the last rows removed unless it is told the head the ledger ends at', () => {
    fc.assert(
      fc.property(ledger(2, 10), (rows) => {
        expect(verifyEveryWay(rows.slice(0, -1))).toMatchObject({ ok: true, rows: rows.length - 1 });
      }),
      { numRuns: 50 },
    );
  });

  it('finds any two rows swapped, at the first of them', () => {
    fc.assert(
      fc.property(ledger(2, 15), fc.nat(), fc.nat(), (rows, a, b) => {
        const i = a % rows.length;
        const j = (i + 1 + (b % (rows.length - 1))) % rows.length;
        const swapped = rows.slice();
        swapped[i] = rows[j] as LedgerRow;
        swapped[j] = rows[i] as LedgerRow;
        expect(verifyEveryWay(swapped)).toMatchObject({ ok: false, row: Math.min(i, j) + 1, reason: 'reordered' });
      }),
      { numRuns: RUNS },
    );
  });

  it('finds a row moved to another place', () => {
    fc.assert(
      fc.property(ledger(3, 15), fc.nat(), fc.nat(), (rows, a, b) => {
        const from = a % rows.length;
        const to = b % rows.length;
        fc.pre(Math.abs(from - to) > 1);
        const moved = rows.slice();
        const [row] = moved.splice(from, 1);
        moved.splice(to, 0, row as LedgerRow);
        expect(verifyEveryWay(moved)).toMatchObject({ ok: false, row: Math.min(from, to) + 1, reason: 'reordered' });
      }),
      { numRuns: RUNS },
    );
  });

  it('finds a forged row inserted before any row, at its place', () => {
    fc.assert(
      fc.property(ledger(1, 15), forgedRow, fc.nat(), (rows, forged, at) => {
        const index = at % rows.length;
        const inserted = [...rows.slice(0, index), forged, ...rows.slice(index)];
        expect(verifyEveryWay(inserted)).toMatchObject({ ok: false, row: index + 1, reason: 'inserted' });
      }),
      { numRuns: RUNS },
    );
  });

  it('finds a forged row added after the last, at its place', () => {
    fc.assert(
      fc.property(ledger(0, 10), forgedRow, (rows, forged) => {
        const result = verifyEveryWay([...rows, forged]);
        expect(result).toMatchObject({ ok: false, row: rows.length + 1 });
      }),
      { numRuns: RUNS },
    );
  });

  it('finds a copy of a genuine row replayed anywhere', () => {
    fc.assert(
      fc.property(ledger(1, 15), fc.nat(), fc.nat(), (rows, a, b) => {
        const copied = rows[a % rows.length] as LedgerRow;
        const index = b % (rows.length + 1);
        const inserted = [...rows.slice(0, index), copied, ...rows.slice(index)];
        // A copy placed just before its original cannot be told from the original: then the
        // second of the two identical rows is the one out of place.
        const row = rows[index] === copied ? index + 2 : index + 1;
        expect(verifyEveryWay(inserted)).toMatchObject({ ok: false, row, reason: 'inserted' });
      }),
      { numRuns: RUNS },
    );
  });

  it('finds rows added after the head it was told of', () => {
    fc.assert(
      fc.property(ledger(2, 10), fc.nat(), (rows, at) => {
        const end = at % (rows.length - 1);
        expect(verifyEveryWay(rows, { head: rows[end]?.chain })).toMatchObject({
          ok: false,
          row: end + 2,
          reason: 'inserted',
        });
      }),
      { numRuns: 100 },
    );
  });

  it('finds a field edited, naming the seq when that is what changed', () => {
    fc.assert(
      fc.property(
        ledger(1, 12),
        fc.nat(),
        fc.constantFrom('detail', 'actor', 'seq', 'chain', 'digest'),
        (rows, at, field) => {
          const index = at % rows.length;
          const row = rows[index] as LedgerRow;
          const edited: LedgerRow =
            field === 'detail'
              ? { ...row, detail: `${row.detail}.` }
              : field === 'actor'
                ? { ...row, actor: row.actor === 'human' ? 'agent' : 'human' }
                : field === 'seq'
                  ? { ...row, seq: row.seq + 7 }
                  : field === 'chain'
                    ? { ...row, chain: `${row.chain.slice(1)}${row.chain[0] === '0' ? '1' : '0'}` }
                    : { ...row, digest: row.digest === '' ? 'e'.repeat(64) : '' };
          const result = verifyEveryWay(rows.map((r, i) => (i === index ? edited : r)));
          expect(result).toMatchObject({ ok: false, row: index + 1, reason: 'edited' });
          if (field === 'seq') expect(result).toMatchObject({ details: { field: 'seq' } });
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('verifies a fragment from the row it continues after, as read_ledger hands it out', () => {
    fc.assert(
      fc.property(ledger(2, 12), fc.nat(), (rows, at) => {
        const after = rows[at % (rows.length - 1)] as LedgerRow;
        const fragment = rows.slice(after.seq);
        expect(verifyEveryWay(fragment, { after: { seq: after.seq, chain: after.chain } })).toEqual({
          ok: true,
          rows: fragment.length,
          head: rows.at(-1)?.chain,
        });
        // Without its starting point the fragment is a ledger whose first rows are missing.
        expect(verifyEveryWay(fragment)).toMatchObject({ ok: false, row: 1, reason: 'removed' });
      }),
      { numRuns: 100 },
    );
  });

  it('says what broke in words', () => {
    const rows = fc.sample(ledger(4, 4), { numRuns: 1, seed: 7 })[0] as LedgerRow[];
    const result = verifyLedger([rows[0], rows[2], rows[3]] as LedgerRow[]);
    expect(result).toMatchObject({ ok: false, row: 2, seq: 3, reason: 'removed', details: { line: 3 } });
    expect(!result.ok && result.message).toBe(
      'Row 2 (seq 3) follows a gap: rows were removed: seq 2 is missing before it. Every row before it verifies.',
    );
  });

  it('names a header that is not the header as row 0', () => {
    expect(verifyLedger('seq\tat\n')).toMatchObject({ ok: false, row: 0, reason: 'malformed' });
    expect(verifyLedger('')).toMatchObject({ ok: false, row: 0, reason: 'malformed' });
  });
});

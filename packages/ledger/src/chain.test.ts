import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GENESIS } from './chain.ts';
import { chainOf, sealRow } from './desk-ledger.ts';
import { ledger } from '../test-support/rows.ts';
import { LEDGER_HEADER, serialiseLedger } from './desk-ledger.ts';

/** The spec's definition, computed with Node's own SHA-256 straight from the exported lines. */
function chainsBySpec(tsv: string): string[] {
  const lines = tsv.slice(0, -1).split('\n').slice(1);
  let prev = '0'.repeat(64);
  return lines.map((line) => {
    const firstSixteen = line.slice(0, line.lastIndexOf('\t'));
    prev = createHash('sha256').update(`${prev}\t${firstSixteen}`, 'utf8').digest('hex');
    return prev;
  });
}

describe('the chain', () => {
  it('starts from 64 zeros', () => {
    expect(GENESIS).toBe('0000000000000000000000000000000000000000000000000000000000000000');
  });

  it('is SHA-256 of the previous chain, TAB, and the first 16 fields as serialised', () => {
    fc.assert(
      fc.property(ledger(1, 10), (rows) => {
        const tsv = serialiseLedger(rows);
        expect(tsv.startsWith(`${LEDGER_HEADER}\n`)).toBe(true);
        expect(rows.map((row) => row.chain)).toEqual(chainsBySpec(tsv));
      }),
      { numRuns: 200 },
    );
  });

  it('changes with any field, and with the chain before it', () => {
    const body = {
      seq: 1,
      at: '2026-12-01T09:30:00.000Z',
      actor: 'human',
      channel: 'ui',
      event: 'lease_revoked',
      from: 'desk',
      to: 'shelter',
      verb: '',
      request: 'R-1',
      lease: 'L-1',
      plan: '',
      approval: '',
      digest: '',
      policy: 'not_applicable',
      status: 'ok',
      detail: '',
    } as const;
    const base = chainOf(GENESIS, body);
    expect(chainOf(GENESIS, { ...body, detail: ' ' })).not.toBe(base);
    expect(chainOf(GENESIS, { ...body, seq: 2 })).not.toBe(base);
    expect(chainOf('1'.repeat(64), body)).not.toBe(base);
    expect(sealRow(GENESIS, body)).toEqual({ ...body, chain: base });
  });
});

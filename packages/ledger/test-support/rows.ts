// fast-check arbitraries for ledger rows, shared by this package's tests, and kept outside src/ so
// they are not built into the package. Detail text reaches every code point and leans on the
// characters the TSV escapes, so the escaping is exercised on every run rather than now and then.
import fc from 'fast-check';
import { GENESIS } from '../src/chain.ts';
import { sealRow, type ChainedFields, type LedgerRow } from '../src/desk-ledger.ts';
import { ACTORS, CHANNELS, LEDGER_EVENTS, POLICY_VERDICTS, STATUSES } from '@warrant/base';

const token = fc.oneof(fc.constant(''), fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9._:@/+-]{0,24}$/));
const hex64 = fc
  .uint8Array({ minLength: 32, maxLength: 32 })
  .map((bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join(''));
const instant = fc
  .integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2099, 11, 31) })
  .map((ms) => new Date(ms).toISOString());
const tricky = fc.constantFrom(
  '\\',
  '\t',
  '\n',
  '\r',
  '\\t',
  '\\n',
  '\\\\',
  '\r\n',
  '\u0000',
  '\u200f',
  '\ufeff',
  '😀',
  'é',
);

/** Free text from every code point, with escapable characters over-represented. */
export const detailText = fc.string({
  unit: fc.oneof(tricky, fc.string({ unit: 'binary', minLength: 1, maxLength: 1 })),
  maxLength: 60,
});

/** A row's fields without seq and chain. */
export const rowBody: fc.Arbitrary<Omit<ChainedFields, 'seq'>> = fc.record({
  at: instant,
  actor: fc.constantFrom(...ACTORS),
  channel: fc.constantFrom(...CHANNELS),
  event: fc.constantFrom(...LEDGER_EVENTS),
  from: token,
  to: token,
  verb: token,
  request: token,
  lease: token,
  plan: token,
  approval: token,
  digest: fc.oneof(fc.constant(''), hex64),
  policy: fc.constantFrom(...POLICY_VERDICTS),
  status: fc.constantFrom(...STATUSES),
  detail: detailText,
});

/** Rows sealed into one chain, seq from 1. */
export function chained(bodies: readonly Omit<ChainedFields, 'seq'>[]): LedgerRow[] {
  const rows: LedgerRow[] = [];
  let prev = GENESIS;
  bodies.forEach((body, index) => {
    const row = sealRow(prev, { seq: index + 1, ...body });
    rows.push(row);
    prev = row.chain;
  });
  return rows;
}

export const ledger = (minLength: number, maxLength: number): fc.Arbitrary<LedgerRow[]> =>
  fc.array(rowBody, { minLength, maxLength }).map(chained);

/** A row that belongs to no chain: any fields, any seq, any 64 hex digits as its chain. */
export const forgedRow: fc.Arbitrary<LedgerRow> = fc
  .tuple(rowBody, fc.integer({ min: 1, max: 40 }), hex64)
  .map(([body, seq, chain]) => ({ seq, ...body, chain }));

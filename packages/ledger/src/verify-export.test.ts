import { ed25519 } from '@noble/curves/ed25519.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ledgerLeaf,
  ledgerTree,
  serialiseLedger,
  verifyExport,
  type ChainedFields,
  type LedgerRow,
} from './desk-ledger.ts';
import { treeOfExportLines } from './ledger-tree.ts';
import { consistencyProofJson, inclusionProofJson } from './proof-json.ts';
import { signTreeHead, type SignedTreeHead } from './tree-head.ts';
import { chained, forgedRow, rowBody } from '../test-support/rows.ts';

/** Hundreds of runs: room for them on a machine shared with other work. */
const PROPERTY_TIMEOUT_MS = 60_000;
const RUNS = 100;

const secret = ed25519.utils.randomSecretKey();
const stranger = ed25519.utils.randomSecretKey();
type Body = Omit<ChainedFields, 'seq'>;

function headOf(rows: readonly LedgerRow[], size: number, key = secret): SignedTreeHead {
  return signTreeHead({ size, root: ledgerTree(rows).root(size), timestamp: '2026-12-01T09:30:00.000Z' }, key);
}

const lines = (rows: readonly LedgerRow[]): string[] => serialiseLedger(rows).slice(0, -1).split('\n').slice(1);

/** Bodies of a ledger, and the size of a head over it. */
const ledgerAndHead = fc
  .array(rowBody, { minLength: 1, maxLength: 12 })
  .chain((bodies) => fc.tuple(fc.constant(bodies), fc.integer({ min: 1, max: bodies.length })));

/**
 * One change to a ledger, as a desk rewriting its history would make it: with `reseal`, every
 * chain from the change on is recomputed so that the chain alone still verifies.
 */
type Tamper =
  | { kind: 'truncate'; keep: number }
  | { kind: 'insert'; at: number; body: Body; reseal: boolean; forged: LedgerRow }
  | { kind: 'remove'; at: number; reseal: boolean }
  | { kind: 'edit'; at: number; body: Body; reseal: boolean };

function tamperFor(size: number): fc.Arbitrary<Tamper> {
  return fc.oneof(
    fc.record({ kind: fc.constant('truncate' as const), keep: fc.integer({ min: 0, max: size - 1 }) }),
    fc.record({
      kind: fc.constant('insert' as const),
      at: fc.integer({ min: 0, max: size - 1 }),
      body: rowBody,
      reseal: fc.boolean(),
      forged: forgedRow,
    }),
    fc.record({
      kind: fc.constant('remove' as const),
      at: fc.integer({ min: 0, max: size - 1 }),
      reseal: fc.boolean(),
    }),
    fc.record({
      kind: fc.constant('edit' as const),
      at: fc.integer({ min: 0, max: size - 1 }),
      body: rowBody,
      reseal: fc.boolean(),
    }),
  );
}

function tampered(bodies: readonly Body[], rows: readonly LedgerRow[], tamper: Tamper): LedgerRow[] {
  switch (tamper.kind) {
    case 'truncate':
      return rows.slice(0, tamper.keep);
    case 'insert':
      return tamper.reseal
        ? chained([...bodies.slice(0, tamper.at), tamper.body, ...bodies.slice(tamper.at)])
        : [...rows.slice(0, tamper.at), tamper.forged, ...rows.slice(tamper.at)];
    case 'remove':
      return tamper.reseal
        ? chained(bodies.filter((_, index) => index !== tamper.at))
        : rows.filter((_, index) => index !== tamper.at);
    case 'edit':
      if (tamper.reseal) return chained(bodies.map((body, index) => (index === tamper.at ? tamper.body : body)));
      return rows.map((row, index) => (index === tamper.at ? { ...tamper.body, seq: row.seq, chain: row.chain } : row));
  }
}

describe('verifyExport', () => {
  it(
    'verifies an export against any head over it, and says how many rows the head covers',
    () => {
      fc.assert(
        fc.property(ledgerAndHead, ([bodies, size]) => {
          const rows = chained(bodies);
          const result = verifyExport(serialiseLedger(rows), JSON.parse(JSON.stringify(headOf(rows, size))), {
            key: ed25519.getPublicKey(secret),
          });
          expect(result).toMatchObject({ ok: true, rows: rows.length, covered: size });
        }),
        { numRuns: RUNS },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    'catches any truncation, insertion, removal or edit of the rows a head covers, with or without the chain recomputed',
    () => {
      fc.assert(
        fc.property(
          ledgerAndHead.chain(([bodies, size]) => fc.tuple(fc.constant(bodies), fc.constant(size), tamperFor(size))),
          ([bodies, size, tamper]) => {
            const rows = chained(bodies);
            const changed = tampered(bodies, rows, tamper);
            // A change that leaves the covered rows byte for byte as they were (a removed row whose
            // neighbours are identical, say) is no change to what the head signed.
            fc.pre(lines(changed).slice(0, size).join('\n') !== lines(rows).slice(0, size).join('\n'));
            const result = verifyExport(serialiseLedger(changed), headOf(rows, size));
            expect(result.ok).toBe(false);
            if (!result.ok && tamper.kind === 'truncate')
              expect(result).toMatchObject({ reason: 'truncated', row: tamper.keep + 1 });
            if (!result.ok && (tamper.kind === 'insert' || tamper.kind === 'edit') && !tamper.reseal)
              expect(result.row).toBe(tamper.at + 1);
          },
        ),
        { numRuns: RUNS * 2 },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it('accepts rows appended after the head, checked by the chain alone', () => {
    const rows = chained(fc.sample(rowBody, { numRuns: 6, seed: 1 }));
    const result = verifyExport(serialiseLedger(rows), headOf(rows, 4));
    expect(result).toMatchObject({ ok: true, rows: 6, covered: 4 });
    if (result.ok) expect(result.message).toContain('Rows 5 to 6 came after the head');
  });

  it(
    'accepts a shorter export with a consistency proof that the head extends it, and no other proof',
    () => {
      fc.assert(
        fc.property(
          ledgerAndHead.chain(([bodies, size]) =>
            fc.tuple(fc.constant(bodies), fc.constant(size), fc.integer({ min: 0, max: size })),
          ),
          ([bodies, size, keep]) => {
            const rows = chained(bodies);
            const tree = ledgerTree(rows);
            const head = headOf(rows, size);
            const prefix = serialiseLedger(rows.slice(0, keep));
            expect(verifyExport(prefix, head, { proof: consistencyProofJson(tree, keep, size) })).toMatchObject({
              ok: true,
              rows: keep,
              covered: keep,
            });
            if (keep > 0 && keep < size) {
              expect(verifyExport(prefix, head, { proof: consistencyProofJson(tree, keep - 1, size) }).ok).toBe(false);
              // A prefix edited (and resealed) does not join the head, even with the honest proof.
              const edited = chained([
                ...bodies.slice(0, keep - 1),
                { ...(bodies[keep - 1] as Body), detail: `${(bodies[keep - 1] as Body).detail}!` },
              ]);
              expect(
                verifyExport(serialiseLedger(edited), head, { proof: consistencyProofJson(tree, keep, size) }),
              ).toMatchObject({ ok: false, reason: 'rewritten' });
            }
          },
        ),
        { numRuns: RUNS },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    'checks an inclusion proof for a row: it verifies for that row and head, not for another row or head',
    () => {
      fc.assert(
        fc.property(
          ledgerAndHead.chain(([bodies, size]) =>
            fc.tuple(fc.constant(bodies), fc.constant(size), fc.integer({ min: 1, max: size })),
          ),
          ([bodies, size, seq]) => {
            const rows = chained(bodies);
            const tree = ledgerTree(rows);
            const tsv = serialiseLedger(rows);
            const head = headOf(rows, size);
            const proof = inclusionProofJson(tree, seq, size);
            expect(verifyExport(tsv, head, { proof }).ok).toBe(true);
            const other = seq === 1 ? 2 : seq - 1;
            if (other <= size) expect(verifyExport(tsv, head, { proof: { ...proof, seq: other } }).ok).toBe(false);
            if (size > 1) expect(verifyExport(tsv, headOf(rows, size - 1), { proof }).ok).toBe(false);
            if (size > 1 && seq <= size - 1)
              expect(verifyExport(tsv, head, { proof: inclusionProofJson(tree, seq, size - 1) }).ok).toBe(false);
          },
        ),
        { numRuns: RUNS },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it('refuses a head that is not signed by the trusted key, or is changed, before reading any row', () => {
    const rows = chained(fc.sample(rowBody, { numRuns: 3, seed: 2 }));
    const tsv = serialiseLedger(rows);
    const head = headOf(rows, 3);
    expect(verifyExport(tsv, headOf(rows, 3, stranger), { key: head.key })).toMatchObject({
      ok: false,
      reason: 'head',
      row: null,
    });
    expect(verifyExport(tsv, { ...head, size: 2 })).toMatchObject({ ok: false, reason: 'head' });
    expect(verifyExport(tsv, head, { proof: { seq: 1 } })).toMatchObject({ ok: false, reason: 'proof' });
  });

  it('builds leaves from export lines exactly as from rows', () => {
    fc.assert(
      fc.property(fc.array(rowBody, { maxLength: 10 }), (bodies) => {
        const rows = chained(bodies);
        const fromLines = treeOfExportLines(new TextEncoder().encode(serialiseLedger(rows)));
        expect(Buffer.from(fromLines.root()).toString('hex')).toBe(
          Buffer.from(ledgerTree(rows).root()).toString('hex'),
        );
        rows.forEach((row, index) => expect(Buffer.from(ledgerLeaf(row)).toString('utf8')).toBe(lines(rows)[index]));
      }),
      { numRuns: 100 },
    );
  });
});

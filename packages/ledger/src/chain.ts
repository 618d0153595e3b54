// The chain: each row's `chain` is the SHA-256 (lowercase hex) of the previous row's chain, or 64
// zeros for the first row, then TAB, then the row's first 16 fields as serialised. Changing any
// byte of a row changes its chain, and every later chain with it.
import { ByteWriter } from './byte-writer.ts';
import type { ChainedFields, LedgerRow } from './fields.ts';
import { sha256HexOfBytes } from './hash.ts';
import { writeChained } from './tsv.ts';

/** The `prev` of the first row. */
export const GENESIS = '0'.repeat(64);

const writer = new ByteWriter();

/** The chain of `row` placed after a row whose chain is `prev`. */
export function chainOf(prev: string, row: ChainedFields): string {
  writer.reset();
  writer.text(prev);
  writer.byte(0x09);
  writeChained(writer, row);
  return sha256HexOfBytes(writer.view());
}

/** `row` with its chain, placed after a row whose chain is `prev`. */
export function sealRow(prev: string, row: ChainedFields): LedgerRow {
  return { ...row, chain: chainOf(prev, row) };
}

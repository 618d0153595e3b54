// The chain: each row's `chain` is the SHA-256 (lowercase hex) of the previous row's chain, or 64
// zeros for the first row, then TAB, then every other field of the row as serialised. Changing any
// byte of a row changes its chain, and every later chain with it.
import { ByteWriter } from './byte-writer.ts';
import { sha256HexOfBytes } from './hash.ts';
import type { AnyRow } from './schema.ts';
import type { TsvFormat } from './tsv.ts';

/** The `prev` of the first row. */
export const GENESIS = '0'.repeat(64);

const writer = new ByteWriter();

export interface Chain<R extends AnyRow> {
  /** The chain of `row` placed after a row whose chain is `prev`. */
  chainOf(prev: string, row: Omit<R, 'chain'>): string;
  /** `row` with its chain, placed after a row whose chain is `prev`. */
  sealRow(prev: string, row: Omit<R, 'chain'>): R;
}

export function chainOver<R extends AnyRow>(tsv: TsvFormat<R>): Chain<R> {
  const chainOf = (prev: string, row: Omit<R, 'chain'>): string => {
    writer.reset();
    writer.text(prev);
    writer.byte(0x09);
    tsv.writeChained(writer, row);
    return sha256HexOfBytes(writer.view());
  };
  return { chainOf, sealRow: (prev, row) => ({ ...row, chain: chainOf(prev, row) }) as unknown as R };
}

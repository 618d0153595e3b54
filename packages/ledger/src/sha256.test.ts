import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nobleSha256, nodeSha256, SHA256, type Sha256 } from './sha256.ts';

// A ledger hashed in Node (the CLI, the gateway) is verified in a browser and the other way about,
// so Node's SHA-256 and noble's must give the same digest of every input: otherwise which runtime
// sealed a row would change its chain. Checked here on the inputs where implementations differ if
// they ever do: no bytes, the block and padding boundaries, many blocks, UTF-8 beyond ASCII, and
// views into a larger buffer.

const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

const node = nodeSha256() as Sha256;
const noble = nobleSha256();

/** Both implementations' digest of `bytes`, as hex and as written into a buffer at an offset. */
function digests(implementation: Sha256, bytes: Uint8Array): { hex: string; written: string } {
  const out = new Uint8Array(40).fill(0xee);
  implementation.digestInto(bytes, out, 5);
  return { hex: implementation.hex(bytes), written: Buffer.from(out).toString('hex') };
}

describe('the SHA-256 the ledger runs', () => {
  it("is Node's own in Node", () => {
    expect(node).not.toBeNull();
    expect(SHA256.name).toBe(node.name);
  });

  it('gives the published digests (FIPS 180-4 examples)', () => {
    for (const implementation of [node, noble]) {
      expect(implementation.hex(new Uint8Array(0))).toBe(
        'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      );
      expect(implementation.hex(utf8('abc'))).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
      expect(implementation.hex(utf8('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq'))).toBe(
        '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
      );
    }
  });

  it('is the same in Node and in noble at every length around the block and padding boundaries', () => {
    for (let length = 0; length <= 200; length += 1) {
      const bytes = Uint8Array.from({ length }, (_, index) => (index * 31 + length) & 0xff);
      expect(digests(node, bytes), `${length} bytes`).toEqual(digests(noble, bytes));
    }
  });

  it('is the same in Node and in noble over many blocks and over text beyond ASCII', () => {
    const inputs = [
      new Uint8Array(1_000_003).map((_, index) => index % 251),
      utf8('détail: café, naïve; 東京; 🚑🛏️ (a family of 4)'),
      utf8('\u{10FFFF}\u0000\t\\n'.repeat(500)),
    ];
    for (const bytes of inputs) expect(digests(node, bytes)).toEqual(digests(noble, bytes));
  });

  it('hashes only the bytes a view shows, not the buffer under it', () => {
    const buffer = utf8('xxxx0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef!yyyy');
    const view = buffer.subarray(4, buffer.length - 4);
    expect(digests(node, view)).toEqual(digests(noble, view.slice()));
    expect(node.hex(view)).toBe(noble.hex(utf8('0123456789abcdef'.repeat(4) + '!')));
  });

  it('is the same in Node and in noble for any bytes and any text', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 600 }), (bytes) => {
        expect(digests(node, bytes)).toEqual(digests(noble, bytes));
      }),
      { numRuns: 500 },
    );
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), (text) => {
        expect(node.hex(utf8(text))).toBe(noble.hex(utf8(text)));
      }),
      { numRuns: 300 },
    );
  });
});

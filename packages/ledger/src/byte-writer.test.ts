import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ByteWriter } from './byte-writer.ts';
import { escapeField } from './escape.ts';
import { detailText } from '../test-support/rows.ts';

const decoder = new TextDecoder('utf-8', { ignoreBOM: true });

describe('ByteWriter', () => {
  it('writes text as UTF-8 and escaped text as escapeField writes it, whatever came before', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.boolean(), detailText), { maxLength: 8 }), (pieces) => {
        const writer = new ByteWriter();
        for (const [escaped, text] of pieces) {
          if (escaped) writer.escaped(text);
          else writer.text(text);
          writer.byte(0x09);
        }
        expect(decoder.decode(writer.view())).toBe(
          pieces.map(([escaped, text]) => `${escaped ? escapeField(text) : text}\t`).join(''),
        );
      }),
      { numRuns: 500 },
    );
  });

  it('grows past its first buffer and starts over on reset', () => {
    const writer = new ByteWriter();
    const long = 'é\\\n'.repeat(2000);
    writer.escaped(long);
    expect(decoder.decode(writer.view())).toBe(escapeField(long));
    writer.reset();
    writer.text('again');
    expect(decoder.decode(writer.view())).toBe('again');
  });
});

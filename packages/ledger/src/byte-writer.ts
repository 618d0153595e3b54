// A growable buffer that rows are written into as UTF-8, field by field. Sealing and serialising
// a ledger write every field of every row; writing bytes straight into one reused buffer, rather
// than concatenating strings and encoding them, leaves almost nothing for the garbage collector.
import { escapeField } from './escape.ts';

const encoder = new TextEncoder();
const BACKSLASH = 0x5c;
/** The letter after the backslash for each ASCII code unit that is escaped, 0 for the rest: a typed-array lookup per character, not a property lookup. */
const ESCAPE_LETTER = new Uint8Array(128);
ESCAPE_LETTER[0x5c] = 0x5c;
ESCAPE_LETTER[0x09] = 0x74;
ESCAPE_LETTER[0x0a] = 0x6e;
ESCAPE_LETTER[0x0d] = 0x72;

export class ByteWriter {
  private buffer = new Uint8Array(1024);
  private length = 0;

  reset(): void {
    this.length = 0;
  }

  /** The bytes written since the last reset; valid until the next write. */
  view(): Uint8Array {
    return this.buffer.subarray(0, this.length);
  }

  byte(value: number): void {
    this.room(1);
    this.buffer[this.length++] = value;
  }

  /** `text` as UTF-8. */
  text(text: string): void {
    this.room(text.length * 3);
    for (let index = 0; index < text.length; index += 1) {
      const unit = text.charCodeAt(index);
      if (unit >= 0x80) return this.encode(text.slice(index));
      this.buffer[this.length++] = unit;
    }
  }

  /** `text` as UTF-8 with `\`, TAB, LF and CR written as their two-character escapes. */
  escaped(text: string): void {
    this.room(text.length * 3);
    for (let index = 0; index < text.length; index += 1) {
      const unit = text.charCodeAt(index);
      if (unit >= 0x80) return this.encode(escapeField(text.slice(index)));
      // Room was made for 3 bytes a unit; an escape takes 2.
      const letter = ESCAPE_LETTER[unit] as number;
      if (letter === 0) {
        this.buffer[this.length++] = unit;
      } else {
        this.buffer[this.length++] = BACKSLASH;
        this.buffer[this.length++] = letter;
      }
    }
  }

  private encode(text: string): void {
    // An escaped rest can be twice as long; UTF-8 takes at most 3 bytes per UTF-16 code unit.
    this.room(text.length * 3);
    this.length += encoder.encodeInto(text, this.buffer.subarray(this.length)).written;
  }

  private room(extra: number): void {
    if (this.length + extra <= this.buffer.length) return;
    const grown = new Uint8Array(Math.max(this.buffer.length * 2, this.length + extra));
    grown.set(this.buffer.subarray(0, this.length));
    this.buffer = grown;
  }
}

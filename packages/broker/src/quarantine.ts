// Whatever a tool that declares untrustedContentHint returns is data, never an instruction: it is
// wrapped with where it came from, capped, shown to people as inert text with invisible and bidi
// characters made visible, and handed to a model inside a region no contained text can close.
//
// The region: every structural line starts with "<<<" and carries the region's boundary, a fresh
// random value. In contained text, every "<" after the second of a run is written ⟨U+003C⟩, the
// way invisible characters are revealed ("<<<<" becomes "<<⟨U+003C⟩⟨U+003C⟩"), so no contained
// text holds "<<<": it can neither close the region nor start an item, even if it guesses the
// boundary. Revealed text writes a literal "⟨" as ⟨U+27E8⟩, so the escape loses nothing.
import { revealInvisible } from '@warrant/authority';

/** The most characters (code points) of one value that are kept; the rest is cut and said to be. */
export const QUARANTINE_MAX_CHARS = 4000;

export interface Quarantined {
  readonly quarantined: true;
  readonly origin: string;
  readonly tool: string;
  /** The value as text (a string as it came, anything else as JSON), cut at QUARANTINE_MAX_CHARS. */
  readonly text: string;
  /** `text` with invisible and bidi characters written as ⟨U+XXXX⟩: what a person is shown. */
  readonly shown: string;
  /** How many invisible characters `shown` reveals. */
  readonly hidden: number;
  /** Code points in the whole value before it was cut. */
  readonly length: number;
  readonly truncated: boolean;
}

export function quarantine(source: { readonly origin: string; readonly tool: string }, value: unknown): Quarantined {
  const whole = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  const points = Array.from(whole);
  const truncated = points.length > QUARANTINE_MAX_CHARS;
  const text = truncated ? points.slice(0, QUARANTINE_MAX_CHARS).join('') : whole;
  const revealed = revealInvisible(text);
  return {
    quarantined: true,
    origin: source.origin,
    tool: source.tool,
    text,
    shown: revealed.text,
    hidden: revealed.hidden,
    length: points.length,
    truncated,
  };
}

const MARK = '<<<';

/** A fresh boundary: 64 random bits as hex. */
export function regionBoundary(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(8));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

function escapeMarks(text: string): string {
  return text.replace(/<{3,}/g, (run) => `<<${'⟨U+003C⟩'.repeat(run.length - 2)}`);
}

/** Header values are ours, but an origin or tool name is written through the same escape regardless. */
function headerValue(text: string): string {
  return JSON.stringify(escapeMarks(revealInvisible(text).text));
}

/**
 * The values as one delimited data region for a model. The header says what the region holds and
 * how it ends, and nothing else.
 */
export function modelDataRegion(items: readonly Quarantined[], boundary: string = regionBoundary()): string {
  if (!/^[0-9a-f]{16}$/.test(boundary)) throw new RangeError('A region boundary is 16 lowercase hex digits.');
  const lines = [
    `${MARK}data ${boundary}>>>`,
    `Data returned by partner tools: ${items.length} value${items.length === 1 ? '' : 's'}, each quoted as received. Invisible characters are written as ⟨U+XXXX⟩, and in a run of three or more "<" each one after the second is written ⟨U+003C⟩. Each value follows its item line; the region ends at the end line with this boundary.`,
  ];
  items.forEach((item, index) => {
    const cut = item.truncated ? ` cut_to=${QUARANTINE_MAX_CHARS}` : '';
    lines.push(
      `${MARK}item ${index + 1}/${items.length} ${boundary} origin=${headerValue(item.origin)} tool=${headerValue(item.tool)} characters=${item.length}${cut}>>>`,
    );
    lines.push(escapeMarks(item.shown));
  });
  lines.push(`${MARK}end ${boundary}>>>`);
  return lines.join('\n');
}

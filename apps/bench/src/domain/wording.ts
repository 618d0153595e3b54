// How a pending question's words read: the member's text in quotes, with each amendment adopted
// into it. Kept apart from the minutes so the bench can show the floor without loading them.

import type { AmendForm } from './rulebook.ts';
import type { AdoptedAmendment, StackItem } from './state.ts';

export const FORM_WORDS: Readonly<Record<AmendForm, string>> = {
  insert: 'insert',
  strike: 'strike',
  strike_and_insert: 'strike and insert',
  substitute: 'substitute',
};

// Member words (and members' names) are set in guillemets, a region no member text can close:
// inside it, each «, » and ⟨ is written as its code point, ⟨U+00AB⟩, ⟨U+00BB⟩, ⟨U+27E8⟩, so a name
// like 'Lund» — ADOPTED. «' stays one quoted name and can never end the quote and write an
// entry of its own. Nothing is lost: unescapeWords gives back what was said.
const ESCAPED = /[«»⟨]/g;
/** A character written as its code point, ⟨U+00AB⟩: how the minutes show what must not act as itself. */
export const codePoint = (ch: string): string =>
  `⟨U+${(ch.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}⟩`;

/** Member words as a delimited data region. */
export const quote = (words: string): string => `«${words.replace(ESCAPED, codePoint)}»`;

/** What a member said, from the inside of a region `quote` wrote. */
export const unescapeWords = (inside: string): string =>
  inside.replace(/⟨U\+([0-9A-F]{4,6})⟩/g, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)));

export function amendedBy(amendments: readonly AdoptedAmendment[], lead: string): string {
  return amendments
    .map((a) => `${lead} (${FORM_WORDS[a.form]}): ${quote(a.text)}${amendedBy(a.adopted, ', itself amended')}`)
    .join('');
}

/**
 * A pending question's words as they now stand — as moved, then each amendment adopted into
 * them — or the terms of a motion that has no text of its own; null when there are none.
 */
export function wordingOf(item: StackItem): string | null {
  if (item.text !== null) return `${quote(item.text)}${amendedBy(item.adopted, ' — amended')}`;
  if (item.committee !== null) return `to ${quote(item.committee)}`;
  if (item.until !== null) return `to ${quote(item.until)}`;
  if (item.limit !== null) return quote(item.limit);
  return item.motionId;
}

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

/** Member words in typographic quotes, so the straight quotes they often contain stay legible. */
export const quote = (words: string): string => `“${words}”`;

export function amendedBy(amendments: readonly AdoptedAmendment[], lead: string): string {
  return amendments.map((a) => `${lead} (${FORM_WORDS[a.form]}): ${quote(a.text)}${amendedBy(a.adopted, ', itself amended')}`).join('');
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

// A human decision names the exact item it decides. A click that carries no id, or the id of an
// item that has since been replaced, decides nothing: the screen the human acted on is not the
// state the decision would apply to.
import { refusal, type ToolRefusal } from '@warrant/base';

export interface IdentityOptions {
  /** Code when no id was presented. Default `IDENTITY_REQUIRED`. */
  readonly requiredCode?: string;
  /** Code when a different id was presented. Default `IDENTITY_STALE`. */
  readonly staleCode?: string;
  /** What the id names, for messages ("review"). Default `item`. */
  readonly subject?: string;
}

export interface IdentityConfirmed {
  readonly ok: true;
  readonly id: string;
}

/**
 * Confirms that `presentedId` names the active item. Anything that is not a non-blank string
 * counts as missing. ToolRefusal details carry `activeId` and, when one was presented, `presentedId`.
 */
export function requireIdentity(
  activeId: string,
  presentedId: unknown,
  options: IdentityOptions = {},
): IdentityConfirmed | ToolRefusal {
  const subject = options.subject ?? 'item';
  if (typeof presentedId !== 'string' || presentedId.trim() === '') {
    return refusal(
      options.requiredCode ?? 'IDENTITY_REQUIRED',
      `This decision must name the ${subject} it decides; none was given, so nothing changed. The active ${subject} is ${activeId}.`,
      { activeId },
    );
  }
  if (presentedId !== activeId) {
    return refusal(
      options.staleCode ?? 'IDENTITY_STALE',
      `The decision names ${presentedId}, but the active ${subject} is ${activeId}. Nothing changed; decide on the ${subject} shown now.`,
      { activeId, presentedId },
    );
  }
  return { ok: true, id: activeId };
}

export interface ReferenceFormat {
  /** Stripped from the front of the id. Default `review_`. */
  readonly prefix?: string;
  /** Shown before the reference. Default `REVIEW`. */
  readonly label?: string;
}

/**
 * A short, human-comparable reference for an id: `review_58f14e41-…-2d8e60f99db3` becomes
 * `REVIEW 58F1…9DB3`. The full id belongs in a tooltip or accessible name beside it.
 */
export function formatReference(id: string, format: ReferenceFormat = {}): string {
  const prefix = format.prefix ?? 'review_';
  const label = format.label ?? 'REVIEW';
  const bare = (id.startsWith(prefix) ? id.slice(prefix.length) : id).replace(/[-_]/g, '').toUpperCase();
  const short = bare.length > 10 ? `${bare.slice(0, 4)}…${bare.slice(-4)}` : bare;
  return `${label} ${short}`;
}

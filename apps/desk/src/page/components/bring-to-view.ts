// Bringing a decision to the dispatcher: the approval card scrolled into view and its heading
// focused, unless the person is busy with something else on the page. Then nothing moves under
// them and the page only says so, in its polite live region (approval-waiting.tsx).

/** Input types a person does not type into: focus on one of these is not typing. */
const NOT_TYPED = new Set([
  'button',
  'submit',
  'reset',
  'checkbox',
  'radio',
  'file',
  'range',
  'color',
  'image',
  'hidden',
]);

/** Whether focus is somewhere a person types (an input, a textarea, an editable region, a select) or inside a partner's frame. */
export function someoneIsTyping(active: Element | null = document.activeElement): boolean {
  if (!(active instanceof HTMLElement)) return false;
  if (active.isContentEditable) return true;
  if (
    active instanceof HTMLTextAreaElement ||
    active instanceof HTMLSelectElement ||
    active instanceof HTMLIFrameElement
  )
    return true;
  if (active instanceof HTMLInputElement) return !NOT_TYPED.has(active.type);
  return false;
}

/** The approval card's element id, and its heading's: the link target and where focus goes. */
export const cardId = (approval: string): string => `approval-${approval}`;
export const cardHeadingId = (approval: string): string => `approval-${approval}-title`;

/**
 * Scrolls the approval's card into view and moves focus to its heading. The decision is the point:
 * when the card's top and its Approve control do not both fit the screen (a phone, a long plan),
 * the page scrolls so the Approve control is on screen, the steps just above it. False when the
 * card is not on the page.
 */
export function bringApproval(approval: string): boolean {
  const card = document.getElementById(cardId(approval));
  const heading = document.getElementById(cardHeadingId(approval));
  if (!card || !heading) return false;
  const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  const behavior = still ? 'auto' : 'smooth';
  const approve = card.querySelector<HTMLElement>('button.approve');
  const cardTop = card.getBoundingClientRect().top;
  const fitsWhole = !approve || approve.getBoundingClientRect().bottom - cardTop <= window.innerHeight;
  if (fitsWhole) card.scrollIntoView({ block: 'start', behavior });
  else approve.scrollIntoView({ block: 'end', behavior });
  heading.focus({ preventScroll: true });
  return true;
}

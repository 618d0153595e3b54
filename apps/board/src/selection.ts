// Choosing fields on the board before framing them: click toggles one, shift-click adds the run
// of fields between the last one clicked and this one, a marquee selects every field it touches.
// Pure functions over field ids, always answered in field order.
import { FIELD_IDS, type FieldId } from './domain/fields.ts';

export interface Box {
  readonly left: number;
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
}

const inOrder = (ids: Iterable<FieldId>): FieldId[] => {
  const set = new Set(ids);
  return FIELD_IDS.filter((id) => set.has(id));
};

export function toggled(selection: readonly FieldId[], id: FieldId): FieldId[] {
  return selection.includes(id) ? selection.filter((other) => other !== id) : inOrder([...selection, id]);
}

/** Adds every field from `anchor` to `id`, inclusive; with no anchor, toggles `id`. */
export function extended(selection: readonly FieldId[], anchor: FieldId | null, id: FieldId): FieldId[] {
  if (anchor === null) return toggled(selection, id);
  const from = FIELD_IDS.indexOf(anchor);
  const to = FIELD_IDS.indexOf(id);
  const run = FIELD_IDS.slice(Math.min(from, to), Math.max(from, to) + 1);
  return inOrder([...selection, ...run]);
}

/** The box spanned by two corner points, whichever way the drag went. */
export function boxBetween(x0: number, y0: number, x1: number, y1: number): Box {
  return { left: Math.min(x0, x1), top: Math.min(y0, y1), right: Math.max(x0, x1), bottom: Math.max(y0, y1) };
}

export function touches(a: Box, b: Box): boolean {
  return a.left <= b.right && b.left <= a.right && a.top <= b.bottom && b.top <= a.bottom;
}

/** The fields whose boxes the marquee touches; with `adding`, kept alongside the selection. */
export function marqueed(
  selection: readonly FieldId[],
  marquee: Box,
  cards: ReadonlyArray<{ readonly id: FieldId; readonly box: Box }>,
  adding: boolean,
): FieldId[] {
  const hit = cards.filter((card) => touches(marquee, card.box)).map((card) => card.id);
  return inOrder(adding ? [...selection, ...hit] : hit);
}

export function sameFields(a: readonly FieldId[], b: readonly FieldId[]): boolean {
  return a.length === b.length && a.every((id, index) => id === b[index]);
}

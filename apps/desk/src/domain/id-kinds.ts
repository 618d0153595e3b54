// The kinds of id the desk makes: `R-n`, `P-n`, `L-n`, `A-n`. The desk's server hands out each
// number once, in any book (server/id-numbers.ts).
export const ID_KINDS = ['request', 'plan', 'lease', 'approval'] as const;
export type IdKind = (typeof ID_KINDS)[number];

/** The highest number among `ids` (0 with none): one past it is the least number a new id may take. */
export function highestNumber(ids: readonly string[]): number {
  return ids.reduce((max, id) => Math.max(max, Number(/-(\d+)$/.exec(id)?.[1] ?? 0)), 0);
}

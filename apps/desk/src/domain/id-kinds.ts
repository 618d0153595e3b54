// The kinds of id the desk makes, each numbered in a book: `R-n`, `P-n`, `L-n`, `A-n`. The desk's
// server hands out each number once (server/id-numbers.ts).
export const ID_KINDS = ['request', 'plan', 'lease', 'approval'] as const;
export type IdKind = (typeof ID_KINDS)[number];

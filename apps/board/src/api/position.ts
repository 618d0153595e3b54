// Where the board's record stands: its book (a new one on each operator reset) and its last act; an
// event of the board's stream carries it as text.

export interface Position {
  readonly book: number;
  readonly seq: number;
}

/** A position as an event carries it, and back. */
export const positionText = ({ book, seq }: Position): string => `${book}.${seq}`;

export function positionFrom(text: string): Position | null {
  const match = /^(\d{1,9})\.(\d{1,9})$/.exec(text);
  return match ? { book: Number(match[1]), seq: Number(match[2]) } : null;
}

/** Whether `a` is after `b` in the record. */
export const isAfter = (a: Position, b: Position): boolean => a.book > b.book || (a.book === b.book && a.seq > b.seq);

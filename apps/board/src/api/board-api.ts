// The board's API, declared once: the page reads the board, hears it change, and asks for acts by
// these routes alone, and the server serves exactly these (server/board-routes.ts). Declared in the
// shape of the desk's API (apps/desk/src/api/route.ts) without lifting it: the lead folds the two
// together into one package.
import type { ToolRefusal } from '@warrant/surface';
import type { ActName, AnswerOfAct } from '../domain/board-acts.ts';
import type { BoardState } from '../domain/state.ts';
import { BOARD_ACT_SCHEMA } from './act-schema.ts';

/** Where the board's record stands: its book (a new one on each operator reset) and its last act. */
export interface Position {
  readonly book: number;
  readonly seq: number;
}

/** The board as the server's record holds it, and where that record stands. */
export interface BoardStanding {
  readonly ok: true;
  readonly position: Position;
  readonly state: BoardState;
}

/** An act the server decided and recorded: the board as it left it, and the act's own answer. */
export interface ActDecided<K extends ActName = ActName> extends BoardStanding {
  readonly result: AnswerOfAct<K>;
}

export type BoardAnswer<T> = T | ToolRefusal;

export const BOARD_API = {
  /** GET: the board now. */
  board: { method: 'GET', path: '/api/board' },
  /** GET: the versions the board has published (PublishedHistory), newest first. */
  published: { method: 'GET', path: '/api/board/published' },
  /** GET: server-sent `changed` events, each with the record's position (`book.seq`). */
  events: { method: 'GET', path: '/api/board/events' },
  /** POST an act (BOARD_ACT_SCHEMA): the server decides it on its board and records it. */
  act: { method: 'POST', path: '/api/board/acts', schema: BOARD_ACT_SCHEMA },
  /** POST a grant (an act domain/grants.ts names): its statement, for the editor's passkey. */
  grantOptions: { method: 'POST', path: '/api/board/grants/options' },
  /** POST the grant with `response`, the editor's assertion over its statement: decided and recorded. */
  grant: { method: 'POST', path: '/api/board/grants' },
} as const;

/** A position as an event carries it, and back. */
export const positionText = ({ book, seq }: Position): string => `${book}.${seq}`;

export function positionFrom(text: string): Position | null {
  const match = /^(\d{1,9})\.(\d{1,9})$/.exec(text);
  return match ? { book: Number(match[1]), seq: Number(match[2]) } : null;
}

/** Whether `a` is after `b` in the record. */
export const isAfter = (a: Position, b: Position): boolean => a.book > b.book || (a.book === b.book && a.seq > b.seq);

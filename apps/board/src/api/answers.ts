// What the board's routes answer (api/board-api.ts declares which route gives which): the board as
// its record holds it, and an act decided there.
import type { SignedTreeHead } from '@warrant/ledger';
import type { ProposedAct } from '@warrant/people';
import type { ActName, AnswerOfAct } from '../domain/board-acts.ts';
import type { BoardState } from '../domain/state.ts';
import type { Position } from './position.ts';

export type { PublishedHistory, PublishedVersion } from './published-versions.ts';

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

/** A grant's statement, written by the server from its board, for the editor's passkey to sign. */
export type GrantProposed = ProposedAct;

/** The head of the current book's ledger, signed with the board's key: how many entries, and their root. */
export interface LedgerHead {
  readonly ok: true;
  readonly book: number;
  /** The hash chain's head after the last entry (the same entries the tree covers). */
  readonly chain: string;
  readonly signed: SignedTreeHead;
}

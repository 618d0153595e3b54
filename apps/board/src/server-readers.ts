// The page's copies of what the board's server keeps beside the board: its published versions, and
// the head of its signed record of acts (its ledger). Each is read from the server when the board is
// first read, and again each time the board moves on, whichever page's act moved it (an acceptance
// always does, and every editor's page hears it over the board's events), so every editor sees a
// version as soon as it is published and the record's head as it grows. A read answered after a
// later one has been asked is dropped.
import type { Signal } from '@preact/signals';
import type { LedgerHead } from './api/answers.ts';
import { askBoard } from './api/ask-board.ts';
import { BOARD_API } from './api/board-api.ts';
import type { PublishedVersion } from './api/published-versions.ts';
import type { BoardStore } from './board-store.ts';

/** Keeps `into` to what `read` answers (null: no answer to keep). Returns the stop. */
function follow<T>(store: BoardStore, read: () => Promise<T | null>, into: Signal<T | null>): () => void {
  let asked = 0;
  const refresh = async () => {
    const mine = ++asked;
    const answer = await read();
    if (answer !== null && mine === asked) into.value = answer;
  };
  void refresh();
  return store.subscribe(() => void refresh());
}

/** Keeps `into` to the board's published versions, newest first. Returns the stop. */
export const followPublished = (store: BoardStore, into: Signal<readonly PublishedVersion[] | null>): (() => void) =>
  follow(
    store,
    async () => {
      const history = await askBoard(BOARD_API.published);
      return history.ok ? history.versions : null;
    },
    into,
  );

/** Keeps `into` to the signed head of the board's record of acts. Returns the stop. */
export const followLedgerHead = (store: BoardStore, into: Signal<LedgerHead | null>): (() => void) =>
  follow(
    store,
    async () => {
      const head = await askBoard(BOARD_API.ledgerHead);
      return head.ok ? head : null;
    },
    into,
  );

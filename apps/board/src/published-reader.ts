// The page's copy of what the board has published: read from the board's server when the board is
// first read, and again each time the board moves on, whichever page's act moved it (an acceptance
// always does, and every editor's page hears it over the board's events), so every editor sees a
// version as soon as it is published. A read answered after a later one has been asked is dropped.
import type { Signal } from '@preact/signals';
import { askBoard } from './api/ask-board.ts';
import { BOARD_API } from './api/board-api.ts';
import type { PublishedVersion } from './api/published-versions.ts';
import type { BoardStore } from './board-store.ts';

/** Keeps `into` to the board's published versions, newest first. Returns the stop. */
export function followPublished(store: BoardStore, into: Signal<readonly PublishedVersion[] | null>): () => void {
  let asked = 0;
  const refresh = async () => {
    const mine = ++asked;
    const history = await askBoard(BOARD_API.published);
    if (history.ok && mine === asked) into.value = history.versions;
  };
  void refresh();
  return store.subscribe(() => void refresh());
}

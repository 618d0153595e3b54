// The board's people are its editors: @warrant/people over the board's own tables
// (migrations/002-board-editors.sql), its origin and relying-party id, and a session cookie named
// for the board alone, so another site's cookie or passkey means nothing here.
import { SITES } from '@warrant/config';
import type { PeopleSite, PeopleWords } from '@warrant/people';
import { refusal } from '@warrant/surface';

export const BOARD_PEOPLE: PeopleSite = {
  origin: SITES.board.origin,
  rpId: new URL(SITES.board.origin).hostname,
  rpName: 'Warrant launch board',
  cookie: 'warrant_board_editor',
  idPrefix: 'E',
  noun: 'editor',
  tables: {
    people: 'board_editors',
    credentials: 'board_editor_credentials',
    sessions: 'board_editor_sessions',
    ceremonies: 'board_editor_ceremonies',
    links: 'board_editor_links',
    personColumn: 'editor_id',
  },
};

/** What the board's page reads its editors under. */
export const EDITOR_WORDS: PeopleWords = {
  key: 'editor',
  signInRequired: refusal(
    'EDITOR_SIGN_IN_REQUIRED',
    "Only the board's editors can change the board: sign in with your editor passkey first. Nothing was changed.",
  ),
  unknownCode: 'EDITOR_UNKNOWN',
};

// The board's API, declared once: every route its server serves, with its method, path, body (type
// and JSON Schema) and answer (type). The server registers each route from here
// (server/board-routes.ts, through @warrant/site-api's serve); the page calls each through here
// (ask-board.ts), never by a path of its own.
import { browserDocument, events, get, postWith } from '@warrant/site-api';
import type { BoardAct } from '../domain/board-acts.ts';
import { BOARD_ACT_SCHEMA, BOARD_GRANT_SCHEMA, type GrantAsked } from './act-schema.ts';
import type * as Answers from './answers.ts';

const MALFORMED = 'An act is a JSON object naming the act and what it takes. Nothing was changed.';

export const BOARD_API = {
  /** The board now, and where its record stands. */
  board: get<Answers.BoardStanding>()('/api/board'),
  /** The versions the board has published, newest first. */
  published: get<Answers.PublishedHistory>()('/api/board/published'),
  /** A `changed` event, with the record's position (`book.seq`), each time the board moves on. */
  events: events('/api/board/events'),
  /** An act: the server decides it on its board and records it. A grant is refused here (PASSKEY_REQUIRED). */
  act: postWith<Answers.ActDecided, BoardAct>()('/api/board/acts', { schema: BOARD_ACT_SCHEMA, malformed: MALFORMED }),
  /** A grant (an act domain/grants.ts names): its statement, for the editor's passkey. */
  grantOptions: postWith<Answers.GrantProposed, BoardAct>()('/api/board/grants/options', {
    schema: BOARD_ACT_SCHEMA,
    malformed: MALFORMED,
  }),
  /** The grant with `response`, the editor's assertion over its statement: decided and recorded. */
  grant: postWith<Answers.ActDecided, GrantAsked>()('/api/board/grants', {
    schema: BOARD_GRANT_SCHEMA,
    malformed: MALFORMED,
  }),
  /** The head of the board's ledger (its record of acts), signed with the board's key. */
  ledgerHead: get<Answers.LedgerHead>()('/api/board/record/head'),
  /** The ledger itself, as JSON entries (@warrant/ledger), which `warrant-ledger verify` checks against its head. */
  ledgerExport: browserDocument('/api/board/record.jsonl'),
} as const;

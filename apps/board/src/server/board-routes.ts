// The board's routes (api/board-api.ts): the board as its record holds it, a stream that tells
// every page when it changes, and acts, from a signed-in editor's page only, each checked against
// the act schema, then decided and recorded here (board-record.ts). The site's request guard has already refused a change from
// another origin, and a body too large or too deep, before any of these runs.
import type { Hono } from 'hono';
import type { SitePeople } from '@warrant/people';
import { changeStream, type ChangeFeed } from '@warrant/site-server';
import { refusal, validateInput } from '@warrant/surface';
import { BOARD_API, positionText } from '../api/board-api.ts';
import type { BoardAct } from '../domain/board-acts.ts';
import type { BoardRecord } from './board-record.ts';
import { bodyOf, malformed } from './http.ts';

const MALFORMED = 'An act is a JSON object naming the act and what it takes. Nothing was changed.';

export function boardRoutes(
  app: Hono,
  record: BoardRecord,
  editors: SitePeople,
  feed: Omit<ChangeFeed, 'position'>,
): void {
  app.get(BOARD_API.board.path, async (c) => c.json(await record.standing()));

  app.get(BOARD_API.events.path, (c) =>
    changeStream(c, { ...feed, position: async () => positionText((await record.standing()).position) }),
  );

  app.post(BOARD_API.act.path, async (c) => {
    if (!(await editors.current(c))) return editors.signInRequired(c);
    const body = await bodyOf(c);
    if (!body) return malformed(c, MALFORMED);
    const problem = await validateInput('board act', BOARD_API.act.schema, body);
    if (problem) return c.json(refusal('MALFORMED_REQUEST', MALFORMED, problem.details), 400);
    const decided = await record.decide(body as BoardAct);
    return c.json(decided, decided.ok ? 200 : 409);
  });
}

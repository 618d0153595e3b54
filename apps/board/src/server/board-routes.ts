// The board's routes (api/board-api.ts): the board as its record holds it, a stream that tells
// every page when it changes, and acts, from a signed-in editor's page only, each checked against
// the act schema, then decided and recorded here (board-record.ts). An act that grants the agent
// something (domain/grants.ts) is not taken there: its statement is asked for first, and it is
// decided only with the editor's passkey assertion over that statement, on a board that still
// makes the same statement. The site's request guard has already refused a change from
// another origin, and a body too large or too deep, before any of these runs.
import type { Context, Hono } from 'hono';
import type { SitePeople } from '@warrant/people';
import { changeStream, type ChangeFeed } from '@warrant/site-server';
import { refusal, validateInput, type ToolRefusal } from '@warrant/surface';
import { BOARD_API, positionText } from '../api/board-api.ts';
import type { BoardAct } from '../domain/board-acts.ts';
import { grantKind, grantStatement } from '../domain/grants.ts';
import type { BoardRecord } from './board-record.ts';
import { bodyOf, malformed } from './http.ts';

const MALFORMED = 'An act is a JSON object naming the act and what it takes. Nothing was changed.';
const PASSKEY_FOR_GRANTS =
  "Framing fields for the agent, granting it more fields and accepting its review take an editor's passkey over the exact grant, not a session. Nothing was changed.";

export function boardRoutes(
  app: Hono,
  record: BoardRecord,
  editors: SitePeople,
  feed: Omit<ChangeFeed, 'position'>,
): void {
  app.get(BOARD_API.board.path, async (c) => c.json(await record.standing()));

  app.get(BOARD_API.published.path, async (c) => c.json(await record.published()));

  app.get(BOARD_API.events.path, (c) =>
    changeStream(c, { ...feed, position: async () => positionText((await record.standing()).position) }),
  );

  /** The act in a body, checked against the act schema (a passkey's response aside); or the refusal. */
  const actIn = async (body: Record<string, unknown>): Promise<BoardAct | ToolRefusal> => {
    const { response: _response, ...asked } = body;
    const problem = await validateInput('board act', BOARD_API.act.schema, asked);
    return problem ? refusal('MALFORMED_REQUEST', MALFORMED, problem.details) : (asked as BoardAct);
  };

  app.post(BOARD_API.act.path, async (c) => {
    if (!(await editors.current(c))) return editors.signInRequired(c);
    const body = await bodyOf(c);
    if (!body) return malformed(c, MALFORMED);
    if ('response' in body) return malformed(c, MALFORMED);
    const asked = await actIn(body);
    if ('ok' in asked) return c.json(asked, 400);
    if (grantKind(asked)) return c.json(refusal('PASSKEY_REQUIRED', PASSKEY_FOR_GRANTS), 403);
    const decided = await record.decide(asked);
    return c.json(decided, decided.ok ? 200 : 409);
  });

  /** A grant a signed-in editor asks for: who, the body, the act and its kind; or the refusal to answer. */
  const grantAsked = async (c: Context) => {
    const by = await editors.current(c);
    if (!by) return editors.signInRequired(c);
    const body = await bodyOf(c);
    if (!body) return malformed(c, MALFORMED);
    const asked = await actIn(body);
    if ('ok' in asked) return c.json(asked, 400);
    const kind = grantKind(asked);
    if (!kind)
      return c.json(refusal('NOT_A_GRANT', 'This act needs no passkey: send it as an act. Nothing was changed.'), 400);
    return { by, body, asked, kind };
  };

  // A grant's statement, written from the board as it stands, for the editor's passkey.
  app.post(BOARD_API.grantOptions.path, async (c) => {
    const grant = await grantAsked(c);
    if (grant instanceof Response) return grant;
    const { by, asked, kind } = grant;
    const trial = await record.trial(asked);
    if (trial.refusal) return c.json(trial.refusal, 409);
    const subject = grantStatement(trial.state, asked);
    if (subject === null)
      return c.json(
        refusal('NOTHING_TO_GRANT', 'There is nothing to grant on the board now. Nothing was changed.'),
        409,
      );
    return editors.propose(c, by, kind, subject);
  });

  // The grant, with the editor's assertion over its statement: decided in one transaction, and
  // only if the board still makes the statement the passkey signed.
  app.post(BOARD_API.grant.path, async (c) => {
    const grant = await grantAsked(c);
    if (grant instanceof Response) return grant;
    const { by, body, asked, kind } = grant;
    const decided = await record.decide(asked, async (tx, state) => {
      const confirmed = await editors.confirm(tx, kind, body['response'], by);
      if (!confirmed.ok) return confirmed;
      return confirmed.statement.subject === grantStatement(state, asked)
        ? { ok: true, confirmed, assertion: body['response'] }
        : refusal(
            'GRANT_STALE',
            'The board changed after your passkey confirmed this grant, so it grants nothing. Look again, then confirm what is on the board now. Nothing was changed.',
          );
    });
    return c.json(decided, decided.ok ? 200 : 403);
  });
}

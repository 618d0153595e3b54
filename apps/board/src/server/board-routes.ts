// The board's routes, each registered from its declaration in ../api/board-api.ts through
// @warrant/site-api's serve: the board as its record holds it, what it has published, a stream
// that tells every page when it changes, and acts, from a signed-in editor's page only, each
// checked against its route's schema, then decided and recorded here (board-record.ts). An act
// that grants the agent something (domain/grants.ts) is not taken as an act: its statement is
// asked for first, and it is decided only with the editor's passkey assertion over that
// statement, on a board that still makes the same statement (an acceptance then publishes, with
// that editor and passkey). Each act recorded is an entry of the board's ledger, whose signed head
// and entries every page may read. The site's request guard has already refused a change from another
// origin, and a body too large or too deep, before any of these runs.
import type { Context, Hono } from 'hono';
import { serialiseJsonEntries } from '@warrant/ledger';
import type { Person, SitePeople } from '@warrant/people';
import { isReply, refused, serve, type Reply } from '@warrant/site-api/serve';
import { changeStream, type ChangeFeed } from '@warrant/site-server';
import { refusal } from '@warrant/surface';
import type { GrantAsked } from '../api/act-schema.ts';
import { BOARD_API } from '../api/board-api.ts';
import { positionText } from '../api/position.ts';
import type { BoardAct } from '../domain/board-acts.ts';
import { grantKind, grantStatement } from '../domain/grants.ts';
import type { BoardRecord } from './board-record.ts';

const PASSKEY_FOR_GRANTS =
  "Framing fields for the agent, granting it more fields and accepting its review take an editor's passkey over the exact grant, not a session. Nothing was changed.";

export function boardRoutes(
  app: Hono,
  record: BoardRecord,
  editors: SitePeople,
  feed: Omit<ChangeFeed, 'position'>,
): void {
  const signInRequired = (c: Context): Reply<never> => refused(c, editors.words.signInRequired, 401);

  serve(app, BOARD_API.board, async (_c, { reply }) => reply(await record.standing()));

  serve(app, BOARD_API.published, async (_c, { reply }) => reply(await record.published()));

  // The board's ledger, open to every page as the board is: its signed head, and the entries it is
  // signed over as a file to save, which `warrant-ledger verify` checks against a head saved with it.
  serve(app, BOARD_API.ledgerHead, async (c, { reply }) => {
    const head = await record.head();
    return head.ok ? reply(head) : refused(c, head, 409);
  });

  app.get(BOARD_API.ledgerExport.path, async (c) => {
    const ledger = await record.ledger();
    if ('ok' in ledger) return refused(c, ledger, 409);
    return c.body(serialiseJsonEntries(ledger.entries), 200, {
      'content-type': 'application/jsonl; charset=utf-8',
      'content-disposition': `attachment; filename="board-record-${ledger.book}-${ledger.signed.size}-entries.jsonl"`,
      'cache-control': 'no-store',
    });
  });

  app.get(BOARD_API.events.path, (c) =>
    changeStream(c, { ...feed, position: async () => positionText((await record.standing()).position) }),
  );

  serve(app, BOARD_API.act, async (c, { reply, input }) => {
    const by = await editors.current(c);
    if (!by) return signInRequired(c);
    const asked = await input();
    if (isReply(asked)) return asked;
    if (grantKind(asked)) return refused(c, refusal('PASSKEY_REQUIRED', PASSKEY_FOR_GRANTS), 403);
    const decided = await record.decide(asked, by);
    return decided.ok ? reply(decided) : refused(c, decided, 409);
  });

  /** A grant a signed-in editor asks for: who, the act and its kind; or the refusal to answer. */
  const grantAsked = async (c: Context, input: () => Promise<GrantAsked | Reply<never>>) => {
    const by: Person | null = await editors.current(c);
    if (!by) return signInRequired(c);
    const asked = await input();
    if (isReply(asked)) return asked;
    // The body fits one act's schema with the passkey's answer beside it: without it, that act.
    const { response, ...rest } = asked;
    const act = rest as BoardAct;
    const kind = grantKind(act);
    if (!kind)
      return refused(
        c,
        refusal('NOT_A_GRANT', 'This act needs no passkey: send it as an act. Nothing was changed.'),
        400,
      );
    return { by, act, response, kind };
  };

  // A grant's statement, written from the board as it stands, for the editor's passkey.
  serve(app, BOARD_API.grantOptions, async (c, { reply, input }) => {
    const grant = await grantAsked(c, input);
    if (isReply(grant)) return grant;
    const { by, act, kind } = grant;
    const trial = await record.trial(act);
    if (trial.refusal) return refused(c, trial.refusal, 409);
    const subject = grantStatement(trial.state, act);
    if (subject === null)
      return refused(
        c,
        refusal('NOTHING_TO_GRANT', 'There is nothing to grant on the board now. Nothing was changed.'),
        409,
      );
    return reply(await editors.proposed(by, kind, subject));
  });

  // The grant, with the editor's assertion over its statement: decided in one transaction, and
  // only if the board still makes the statement the passkey signed.
  serve(app, BOARD_API.grant, async (c, { reply, input }) => {
    const grant = await grantAsked(c, input);
    if (isReply(grant)) return grant;
    const { by, act, response, kind } = grant;
    const decided = await record.decide(act, by, async (tx, state) => {
      const confirmed = await editors.confirm(tx, kind, response, by);
      if (!confirmed.ok) return confirmed;
      return confirmed.statement.subject === grantStatement(state, act)
        ? { ok: true, confirmed, assertion: response }
        : refusal(
            'GRANT_STALE',
            'The board changed after your passkey confirmed this grant, so it grants nothing. Look again, then confirm what is on the board now. Nothing was changed.',
          );
    });
    return decided.ok ? reply(decided) : refused(c, decided, 403);
  });
}

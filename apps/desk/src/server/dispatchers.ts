// Dispatchers and their passkeys, over @warrant/people. Only a person adds a person: a dispatcher
// enrols with a one-time link (the first with the setup link `npm start` prints, later ones with
// an invitation or another setup link from the operator, `npm run people`); a signed-in
// dispatcher invites someone, or removes someone, only with a fresh passkey assertion over the
// act's statement. A session alone adds, removes and changes no one. Each enrolment, invitation
// and removal is a ledger row this server writes, naming who did it; the desk's signed list of
// dispatchers (desk-record.ts) is read from the same tables, so it changes with it.
import type { Context, Hono } from 'hono';
import type { LedgerDraft } from '@warrant/ledger';
import {
  checkAssertion as checkPersonAssertion,
  confirmAct,
  endSession,
  finishEnrolment,
  finishSignIn,
  mintEnrolmentLink,
  nameProblem,
  peopleCount,
  personOnList,
  proposeAct,
  removePerson,
  startEnrolment,
  startSession,
  startSignIn,
  type Person,
} from '@warrant/people';
import { refusal, type ToolRefusal } from '@warrant/surface';
import type { Database, Queryable } from '@warrant/site-server';
import { DESK_API } from '../api/desk-api.ts';
import { refused } from './http.ts';
import { isReply, serve } from './serve-route.ts';
import { currentDispatcher } from './sessions.ts';
import { DESK_PEOPLE } from './desk-people.ts';
import type { DeskIdentity } from './desk-identity.ts';

/** An invitation a dispatcher makes lasts two days. */
export const INVITATION_TTL_MS = 48 * 60 * 60 * 1000;
// A removal's statement lasts as long as its ceremony.
const REMOVAL_STATEMENT_MS = 5 * 60 * 1000;
const DISPATCHER_ID = /^D-[0-9a-f]{8}$/;

/** Writes one row on the desk's ledger from this server (desk-logs.ts). */
export type RecordOnLedger = (row: LedgerDraft) => Promise<void>;

const signInRequired = (c: Context) =>
  refused(
    c,
    refusal('SIGN_IN_REQUIRED', 'Sign in with your passkey to change who may approve. Nothing was changed.'),
    401,
  );

const personRow = (event: 'dispatcher_enrolled' | 'dispatcher_invited' | 'dispatcher_removed', detail: string) =>
  ({
    actor: 'human',
    channel: 'ui',
    event,
    from: 'desk',
    to: 'desk',
    policy: 'not_applicable',
    status: 'ok',
    detail,
  }) satisfies LedgerDraft;

export function dispatcherRoutes(app: Hono, db: Database, recordOnLedger: RecordOnLedger): void {
  serve(app, DESK_API.session, async (c, { reply }) => {
    const dispatcher = await currentDispatcher(c, db);
    return reply({ ok: true, dispatcher, dispatchers: await peopleCount(db, DESK_PEOPLE) });
  });

  // The people on the list, for a signed-in dispatcher's page (the signed list is desk-record.ts).
  serve(app, DESK_API.dispatchers, async (c, { reply }) => {
    if (!(await currentDispatcher(c, db))) return signInRequired(c);
    const dispatchers = await db.query<{ id: string; name: string }>(
      'SELECT id, name FROM dispatchers WHERE removed_at IS NULL ORDER BY enrolled_at, id',
    );
    return reply({ ok: true, dispatchers });
  });

  serve(app, DESK_API.enrolmentOptions, async (c, { reply, input }) => {
    const body = await input();
    if (isReply(body)) return body;
    const started = await startEnrolment(db, DESK_PEOPLE, { link: body.link, name: body.name });
    if (!started.ok) return refused(c, started, started.code === 'NAME_INVALID' ? 422 : 403);
    return reply({ ok: true, options: started.options, name: started.name });
  });

  serve(app, DESK_API.enrol, async (c, { reply, input }) => {
    const body = await input();
    if (isReply(body)) return body;
    const answer = await db.transaction(async (tx) => {
      const enrolled = await finishEnrolment(tx, DESK_PEOPLE, body.response);
      if (enrolled.ok) await startSession(c, tx, DESK_PEOPLE, enrolled.person.id);
      return enrolled;
    });
    if (!answer.ok) return refused(c, answer, answer.code === 'LINK_REQUIRED' ? 403 : 400);
    const { person, link } = answer;
    await recordOnLedger(
      personRow(
        'dispatcher_enrolled',
        `dispatcher=${person.id} by=${link.issuedBy ?? 'operator'} with=${link.kind === 'setup' ? 'setup-link' : 'invitation'}`,
      ),
    );
    return reply({ ok: true, dispatcher: person });
  });

  serve(app, DESK_API.signInOptions, async (_c, { reply }) =>
    reply({ ok: true, options: await startSignIn(db, DESK_PEOPLE) }),
  );

  serve(app, DESK_API.signIn, async (c, { reply, input }) => {
    const body = await input();
    if (isReply(body)) return body;
    const answer = await db.transaction(async (tx) => {
      const signed = await finishSignIn(tx, DESK_PEOPLE, body.response);
      if (signed.ok) await startSession(c, tx, DESK_PEOPLE, signed.person.id);
      return signed;
    });
    return answer.ok ? reply({ ok: true, dispatcher: answer.person }) : refused(c, answer, 401);
  });

  serve(app, DESK_API.signOut, async (c, { reply }) => {
    await endSession(c, db, DESK_PEOPLE);
    return reply({ ok: true });
  });

  // Inviting someone: the statement first (who invites whom, until when), then the inviting
  // dispatcher's passkey over it; only then is there an invitation link.
  serve(app, DESK_API.invitationOptions, async (c, { reply, input }) => {
    const body = await input();
    if (isReply(body)) return body;
    const by = await currentDispatcher(c, db);
    if (!by) return signInRequired(c);
    const problem = nameProblem(body.name);
    if (problem)
      return refused(
        c,
        refusal('NAME_INVALID', `That name cannot be used: ${problem}. Nothing was changed.`, { field: 'name' }),
        422,
      );
    const proposed = await proposeAct(db, DESK_PEOPLE, {
      act: 'invite',
      by,
      subject: String(body.name).trim(),
      expiresAt: new Date(Date.now() + INVITATION_TTL_MS),
    });
    return reply(proposed);
  });

  serve(app, DESK_API.invite, async (c, { reply, input }) => {
    const body = await input();
    if (isReply(body)) return body;
    const by = await currentDispatcher(c, db);
    if (!by) return signInRequired(c);
    const answer = await db.transaction(async (tx: Queryable) => {
      const confirmed = await confirmAct(tx, DESK_PEOPLE, 'invite', body.response, by);
      if (!confirmed.ok) return confirmed;
      const { statement } = confirmed;
      const link = await mintEnrolmentLink(tx, DESK_PEOPLE, {
        kind: 'invitation',
        name: statement.subject,
        issuedBy: statement.by,
        expiresAt: new Date(statement.expires_at),
      });
      return { ok: true as const, link };
    });
    if (!answer.ok) return refused(c, answer, 403);
    await recordOnLedger(personRow('dispatcher_invited', `by=${by.id} invitee=${answer.link.name ?? ''}`));
    return reply({
      ok: true,
      invitation: { url: answer.link.url, name: answer.link.name, expires_at: answer.link.expiresAt },
    });
  });

  // Removing someone: from then on partners refuse that person's approvals, even ones already
  // issued and unexpired. It takes the removing dispatcher's passkey over the removal's statement.
  serve(app, DESK_API.removalOptions, async (c, { reply }) => {
    const by = await currentDispatcher(c, db);
    if (!by) return signInRequired(c);
    const id = c.req.param('id');
    const subject = DISPATCHER_ID.test(id) ? await personOnList(db, DESK_PEOPLE, id) : null;
    if (!subject) return unknownDispatcher(c, id);
    return reply(
      await proposeAct(db, DESK_PEOPLE, {
        act: 'remove',
        by,
        subject: subject.id,
        expiresAt: new Date(Date.now() + REMOVAL_STATEMENT_MS),
      }),
    );
  });

  serve(app, DESK_API.remove, async (c, { reply, input }) => {
    const body = await input();
    if (isReply(body)) return body;
    const by = await currentDispatcher(c, db);
    if (!by) return signInRequired(c);
    const id = c.req.param('id');
    const answer = await db.transaction(async (tx): Promise<{ ok: true; removed: Person } | ToolRefusal> => {
      const confirmed = await confirmAct(tx, DESK_PEOPLE, 'remove', body.response, by);
      if (!confirmed.ok) return confirmed;
      if (confirmed.statement.subject !== id)
        return refusal('STATEMENT_MISMATCH', 'Your passkey confirmed removing someone else. Nothing was changed.');
      const removed = await removePerson(tx, DESK_PEOPLE, id);
      return removed
        ? { ok: true, removed }
        : refusal('DISPATCHER_UNKNOWN', `There is no dispatcher ${id} on the list. Nothing was changed.`);
    });
    if (!answer.ok) return refused(c, answer, answer.code === 'DISPATCHER_UNKNOWN' ? 404 : 403);
    await recordOnLedger(personRow('dispatcher_removed', `dispatcher=${answer.removed.id} by=${by.id}`));
    return reply({ ok: true, removed: answer.removed.id });
  });
}

const unknownDispatcher = (c: Context, id: string) =>
  refused(
    c,
    refusal('DISPATCHER_UNKNOWN', `There is no dispatcher ${id.slice(0, 40)} on the list. Nothing was changed.`),
    404,
  );

type Checked =
  | { readonly ok: true; readonly dispatcher: { readonly id: string; readonly name: string } }
  | ReturnType<typeof refusal>;

/** A dispatcher's passkey assertion over `expectedChallenge` (an approval's): @warrant/people checks it. */
export async function checkAssertion(
  tx: Queryable,
  _desk: DeskIdentity,
  response: unknown,
  expectedChallenge: string,
): Promise<Checked> {
  const checked = await checkPersonAssertion(tx, DESK_PEOPLE, response, expectedChallenge);
  return checked.ok ? { ok: true, dispatcher: checked.person } : checked;
}

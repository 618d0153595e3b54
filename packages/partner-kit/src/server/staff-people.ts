// A partner's staff, over @warrant/people, as the desk's dispatchers are: a staff member enrols
// only with a one-time link (the operator's setup link for the first — `npm start` prints it while
// the partner has no staff, `npm run people -- setup-link <partner>` mints another — or an
// invitation from a staff member), and is then signed in by their passkey. A session lets their
// page act; inviting or removing someone takes their fresh passkey assertion over the act's
// statement, and so do the acts partner-server.ts names (a reset, a change of the week's stock).
// Every route here is a siteApp route: the request guard refuses another origin before it runs.
import type { Context, Hono } from 'hono';
import {
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
  currentPerson,
  type PeopleSite,
  type Person,
  type PersonAct,
} from '@warrant/people';
import type { Database, Queryable } from '@warrant/site-server';
import { refusal, type ToolRefusal } from '@warrant/surface';

/** An invitation a staff member makes lasts two days. */
export const STAFF_INVITATION_TTL_MS = 48 * 60 * 60 * 1000;
/** A statement of an act that is not an invitation lasts as long as its ceremony. */
export const ACT_STATEMENT_MS = 5 * 60 * 1000;
const STAFF_ID = /^S-[0-9a-f]{8}$/;

type Body = Record<string, unknown>;
type Status = 400 | 401 | 403 | 404 | 409 | 422;

export const refused = (c: Context, answer: ToolRefusal, status: Status = 409) => c.json(answer, status);

export const staffSignInRequired = (c: Context) =>
  refused(
    c,
    refusal(
      'STAFF_SIGN_IN_REQUIRED',
      "Only this site's staff can do that: sign in with your staff passkey first. Nothing was changed.",
    ),
    401,
  );

export interface StaffPeople {
  readonly site: PeopleSite;
  /** The signed-in staff member of this request, or null. */
  current(c: Context): Promise<Person | null>;
  /** Holds a statement of `act` for the staff member's passkey: nothing is done yet. */
  propose(c: Context, by: Person, act: PersonAct, subject: string): Promise<Response>;
  /** The statement the signed-in staff member's fresh passkey assertion confirmed, used up; or why not. */
  confirm(tx: Queryable, act: PersonAct, response: unknown, by: Person): ReturnType<typeof confirmAct>;
}

export function staffPeople(db: Database, site: PeopleSite): StaffPeople {
  return {
    site,
    current: (c) => currentPerson(c, db, site),
    propose: async (c, by, act, subject) =>
      c.json(await proposeAct(db, site, { act, by, subject, expiresAt: new Date(Date.now() + ACT_STATEMENT_MS) })),
    confirm: (tx, act, response, by) => confirmAct(tx, site, act, response, by),
  };
}

/**
 * The routes of a partner's people, all under /api/people: who is signed in, enrolling with a
 * link, signing in and out, the list, inviting and removing (each with a fresh passkey).
 */
export function staffPeopleRoutes(
  app: Hono,
  db: Database,
  people: StaffPeople,
  body: (c: Context) => Promise<Body | null>,
  malformed: (c: Context) => Response,
): void {
  const { site } = people;

  app.get('/api/people/session', async (c) =>
    c.json({ ok: true, staff: await people.current(c), staffCount: await peopleCount(db, site) }),
  );

  app.get('/api/people', async (c) => {
    if (!(await people.current(c))) return staffSignInRequired(c);
    const staff = await db.query<{ id: string; name: string }>(
      `SELECT id, name FROM ${site.tables.people} WHERE removed_at IS NULL ORDER BY enrolled_at, id`,
    );
    return c.json({ ok: true, staff });
  });

  app.post('/api/people/enrol/options', async (c) => {
    const asked = await body(c);
    if (!asked) return malformed(c);
    const started = await startEnrolment(db, site, { link: asked['link'], name: asked['name'] });
    if (!started.ok) return refused(c, started, started.code === 'NAME_INVALID' ? 422 : 403);
    return c.json({ ok: true, options: started.options, name: started.name });
  });

  app.post('/api/people/enrol', async (c) => {
    const asked = await body(c);
    if (!asked || typeof asked['response'] !== 'object' || asked['response'] === null) return malformed(c);
    const answer = await db.transaction(async (tx) => {
      const enrolled = await finishEnrolment(tx, site, asked['response']);
      if (enrolled.ok) await startSession(c, tx, site, enrolled.person.id);
      return enrolled;
    });
    return answer.ok
      ? c.json({ ok: true, staff: answer.person })
      : refused(c, answer, answer.code === 'LINK_REQUIRED' ? 403 : 400);
  });

  app.post('/api/people/session/options', async (c) => c.json({ ok: true, options: await startSignIn(db, site) }));

  app.post('/api/people/session', async (c) => {
    const asked = await body(c);
    if (!asked || typeof asked['response'] !== 'object' || asked['response'] === null) return malformed(c);
    const answer = await db.transaction(async (tx) => {
      const signed = await finishSignIn(tx, site, asked['response']);
      if (signed.ok) await startSession(c, tx, site, signed.person.id);
      return signed;
    });
    return answer.ok ? c.json({ ok: true, staff: answer.person }) : refused(c, answer, 401);
  });

  app.post('/api/people/session/end', async (c) => {
    await endSession(c, db, site);
    return c.json({ ok: true });
  });

  // Inviting someone: the statement first (who invites whom, until when), then the inviting staff
  // member's passkey over it; only then is there an invitation link.
  app.post('/api/people/invitations/options', async (c) => {
    const asked = await body(c);
    if (!asked) return malformed(c);
    const by = await people.current(c);
    if (!by) return staffSignInRequired(c);
    const problem = nameProblem(asked['name']);
    if (problem)
      return refused(
        c,
        refusal('NAME_INVALID', `That name cannot be used: ${problem}. Nothing was changed.`, { field: 'name' }),
        422,
      );
    return c.json(
      await proposeAct(db, site, {
        act: 'invite',
        by,
        subject: String(asked['name']).trim(),
        expiresAt: new Date(Date.now() + STAFF_INVITATION_TTL_MS),
      }),
    );
  });

  app.post('/api/people/invitations', async (c) => {
    const asked = await body(c);
    if (!asked) return malformed(c);
    const by = await people.current(c);
    if (!by) return staffSignInRequired(c);
    const answer = await db.transaction(async (tx) => {
      const confirmed = await people.confirm(tx, 'invite', asked['response'], by);
      if (!confirmed.ok) return confirmed;
      const { statement } = confirmed;
      const link = await mintEnrolmentLink(tx, site, {
        kind: 'invitation',
        name: statement.subject,
        issuedBy: statement.by,
        expiresAt: new Date(statement.expires_at),
      });
      return { ok: true as const, link };
    });
    if (!answer.ok) return refused(c, answer, 403);
    return c.json({
      ok: true,
      invitation: { url: answer.link.url, name: answer.link.name, expires_at: answer.link.expiresAt },
    });
  });

  app.post('/api/people/:id/remove/options', async (c) => {
    const by = await people.current(c);
    if (!by) return staffSignInRequired(c);
    const id = c.req.param('id');
    const subject = STAFF_ID.test(id) ? await personOnList(db, site, id) : null;
    if (!subject) return unknownStaff(c, id);
    return people.propose(c, by, 'remove', subject.id);
  });

  app.post('/api/people/:id/remove', async (c) => {
    const asked = await body(c);
    if (!asked) return malformed(c);
    const by = await people.current(c);
    if (!by) return staffSignInRequired(c);
    const id = c.req.param('id');
    const answer = await db.transaction(async (tx): Promise<{ ok: true; removed: Person } | ToolRefusal> => {
      const confirmed = await people.confirm(tx, 'remove', asked['response'], by);
      if (!confirmed.ok) return confirmed;
      if (confirmed.statement.subject !== id)
        return refusal('STATEMENT_MISMATCH', 'Your passkey confirmed removing someone else. Nothing was changed.');
      const removed = await removePerson(tx, site, id);
      return removed
        ? { ok: true, removed }
        : refusal('STAFF_UNKNOWN', `There is no staff member ${id} on the list. Nothing was changed.`);
    });
    if (!answer.ok) return refused(c, answer, answer.code === 'STAFF_UNKNOWN' ? 404 : 403);
    return c.json({ ok: true, removed: answer.removed.id });
  });
}

const unknownStaff = (c: Context, id: string) =>
  refused(
    c,
    refusal('STAFF_UNKNOWN', `There is no staff member ${id.slice(0, 40)} on the list. Nothing was changed.`),
    404,
  );

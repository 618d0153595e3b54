// A site's people over HTTP, as every site with people serves them (the partners' staff, the launch
// board's editors): a person enrols only with a one-time link (the operator's setup link for the
// first, an invitation from a person for every later one), and is then signed in by their passkey.
// A session lets their page act; inviting or removing someone takes their fresh passkey assertion
// over the act's statement. The words a site uses for its people (the key a person is answered
// under, the refusal codes) are the site's own; the routes are one implementation. Every route is
// a siteApp route: the request guard refuses another origin before it runs.
import type { Context, Hono } from 'hono';
import { refusal, type ToolRefusal } from '@warrant/base';
import type { Database, Queryable } from '@warrant/site-server';
import { mintEnrolmentLink, peopleCount } from './enrolment-links.ts';
import type { PeopleRecorder } from './people-events.ts';
import { roleColumn, type PeopleSite, type Person } from './people-site.ts';
import { confirmAct, proposeAct, type PersonAct, type ProposedAct } from './person-acts.ts';
import { nameProblem } from './person-name.ts';
import { finishEnrolment, startEnrolment } from './registration.ts';
import { personOnList, removePerson } from './removal.ts';
import { currentPerson, endSession, startSession } from './sessions.ts';
import { finishSignIn, startSignIn } from './sign-in.ts';

/** An invitation a person makes lasts two days. */
export const INVITATION_TTL_MS = 48 * 60 * 60 * 1000;
/** A statement of an act that is not an invitation lasts as long as its ceremony. */
export const ACT_STATEMENT_MS = 5 * 60 * 1000;

type Body = Record<string, unknown>;
type Status = 400 | 401 | 403 | 404 | 409 | 422;

export const refused = (c: Context, answer: ToolRefusal, status: Status = 409) => c.json(answer, status);

/** What a site calls its people in its answers. */
export interface PeopleWords {
  /** The key a person is answered under ('staff', 'editor'); the count is `<key>Count`, the list `<key>` too. */
  readonly key: string;
  /** The refusal when no one is signed in (401). */
  readonly signInRequired: ToolRefusal;
  /** The code of the refusal naming no one on the list. */
  readonly unknownCode: string;
}

export interface SitePeople {
  readonly site: PeopleSite;
  readonly words: PeopleWords;
  /** The signed-in person of this request, or null. */
  current(c: Context): Promise<Person | null>;
  /** Holds a statement of `act` for the person's passkey: nothing is done yet. */
  propose(c: Context, by: Person, act: PersonAct, subject: string): Promise<Response>;
  /** The same, answered as data, for a route that answers through its site's API (@warrant/site-api). */
  proposed(by: Person, act: PersonAct, subject: string): Promise<ProposedAct>;
  /** The statement the signed-in person's fresh passkey assertion confirmed, used up; or why not. */
  confirm(tx: Queryable, act: PersonAct, response: unknown, by: Person): ReturnType<typeof confirmAct>;
  /** The answer to a request that needs a signed-in person and has none. */
  signInRequired(c: Context): Response;
  /** Writes down each enrolment, invitation and removal, in its own transaction (a site that keeps a record of its acts). */
  readonly recorder: PeopleRecorder;
}

const nothingRecorded: PeopleRecorder = async () => {};

export function sitePeople(
  db: Database,
  site: PeopleSite,
  words: PeopleWords,
  recorder: PeopleRecorder = nothingRecorded,
): SitePeople {
  const proposed = (by: Person, act: PersonAct, subject: string) =>
    proposeAct(db, site, { act, by, subject, expiresAt: new Date(Date.now() + ACT_STATEMENT_MS) });
  return {
    site,
    words,
    current: (c) => currentPerson(c, db, site),
    proposed,
    propose: async (c, by, act, subject) => c.json(await proposed(by, act, subject)),
    confirm: (tx, act, response, by) => confirmAct(tx, site, act, response, by),
    signInRequired: (c) => refused(c, words.signInRequired, 401),
    recorder,
  };
}

/**
 * The routes of a site's people, all under /api/people: who is signed in, enrolling with a link,
 * signing in and out, the list, inviting and removing (each with a fresh passkey).
 */
export function peopleRoutes(
  app: Hono,
  db: Database,
  people: SitePeople,
  body: (c: Context) => Promise<Body | null>,
  malformed: (c: Context) => Response,
): void {
  const { site, words } = people;
  const { key } = words;
  const personId = new RegExp(`^${site.idPrefix}-[0-9a-f]{8}$`);
  const unknownPerson = (c: Context, id: string) =>
    refused(
      c,
      refusal(words.unknownCode, `There is no ${site.noun} ${id.slice(0, 40)} on the list. Nothing was changed.`),
      404,
    );

  /**
   * At a site whose people hold roles: the role an invitation names, one the site invites to, and
   * only from a person holding the first role; undefined at a site without roles; or the refusal.
   */
  const invitedRole = (by: Person, asked: unknown): string | ToolRefusal | undefined => {
    const { roles } = site;
    if (!roles) return undefined;
    if (by.role !== roles.first)
      return refusal('NOT_YOURS_TO_INVITE', `Only the ${roles.first} invites people here. Nothing was changed.`);
    if (typeof asked !== 'string' || !roles.invited.includes(asked))
      return refusal(
        'ROLE_INVALID',
        `An invitation names the role: one of ${roles.invited.join(', ')}. Nothing was changed.`,
        {
          field: 'role',
        },
      );
    return asked;
  };

  app.get('/api/people/session', async (c) =>
    c.json({ ok: true, [key]: await people.current(c), [`${key}Count`]: await peopleCount(db, site) }),
  );

  app.get('/api/people', async (c) => {
    if (!(await people.current(c))) return people.signInRequired(c);
    const listed = await db.query<{ id: string; name: string; role?: string }>(
      `SELECT id, name${roleColumn(site)} FROM ${site.tables.people} WHERE removed_at IS NULL ORDER BY enrolled_at, id`,
    );
    return c.json({ ok: true, [key]: listed });
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
      if (!enrolled.ok) return enrolled;
      const { person, link } = enrolled;
      await people.recorder(tx, { act: 'enrolled', person, link: link.kind, invitedBy: link.issuedBy });
      await startSession(c, tx, site, person.id);
      return enrolled;
    });
    return answer.ok
      ? c.json({ ok: true, [key]: answer.person })
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
    return answer.ok ? c.json({ ok: true, [key]: answer.person }) : refused(c, answer, 401);
  });

  app.post('/api/people/session/end', async (c) => {
    await endSession(c, db, site);
    return c.json({ ok: true });
  });

  // Inviting someone: the statement first (who invites whom, until when), then the inviting
  // person's passkey over it; only then is there an invitation link.
  app.post('/api/people/invitations/options', async (c) => {
    const asked = await body(c);
    if (!asked) return malformed(c);
    const by = await people.current(c);
    if (!by) return people.signInRequired(c);
    const problem = nameProblem(asked['name']);
    if (problem)
      return refused(
        c,
        refusal('NAME_INVALID', `That name cannot be used: ${problem}. Nothing was changed.`, { field: 'name' }),
        422,
      );
    const role = invitedRole(by, asked['role']);
    if (typeof role !== 'string' && role !== undefined)
      return refused(c, role, role.code === 'ROLE_INVALID' ? 422 : 403);
    return c.json(
      await proposeAct(db, site, {
        act: 'invite',
        by,
        subject: String(asked['name']).trim(),
        expiresAt: new Date(Date.now() + INVITATION_TTL_MS),
        ...(role === undefined ? {} : { role }),
      }),
    );
  });

  app.post('/api/people/invitations', async (c) => {
    const asked = await body(c);
    if (!asked) return malformed(c);
    const by = await people.current(c);
    if (!by) return people.signInRequired(c);
    const answer = await db.transaction(async (tx) => {
      const confirmed = await people.confirm(tx, 'invite', asked['response'], by);
      if (!confirmed.ok) return confirmed;
      const { statement } = confirmed;
      const link = await mintEnrolmentLink(tx, site, {
        kind: 'invitation',
        name: statement.subject,
        role: statement.role ?? null,
        issuedBy: statement.by,
        expiresAt: new Date(statement.expires_at),
      });
      await people.recorder(tx, { act: 'invited', by, name: statement.subject, role: statement.role ?? null });
      return { ok: true as const, link };
    });
    if (!answer.ok) return refused(c, answer, 403);
    return c.json({
      ok: true,
      invitation: {
        url: answer.link.url,
        name: answer.link.name,
        expires_at: answer.link.expiresAt,
        ...(answer.link.role ? { role: answer.link.role } : {}),
      },
    });
  });

  app.post('/api/people/:id/remove/options', async (c) => {
    const by = await people.current(c);
    if (!by) return people.signInRequired(c);
    const id = c.req.param('id');
    const subject = personId.test(id) ? await personOnList(db, site, id) : null;
    if (!subject) return unknownPerson(c, id);
    return people.propose(c, by, 'remove', subject.id);
  });

  app.post('/api/people/:id/remove', async (c) => {
    const asked = await body(c);
    if (!asked) return malformed(c);
    const by = await people.current(c);
    if (!by) return people.signInRequired(c);
    const id = c.req.param('id');
    const answer = await db.transaction(async (tx): Promise<{ ok: true; removed: Person } | ToolRefusal> => {
      const confirmed = await people.confirm(tx, 'remove', asked['response'], by);
      if (!confirmed.ok) return confirmed;
      if (confirmed.statement.subject !== id)
        return refusal('STATEMENT_MISMATCH', 'Your passkey confirmed removing someone else. Nothing was changed.');
      const removed = await removePerson(tx, site, id);
      if (!removed)
        return refusal(words.unknownCode, `There is no ${site.noun} ${id} on the list. Nothing was changed.`);
      await people.recorder(tx, { act: 'removed', by, person: removed });
      return { ok: true, removed };
    });
    if (!answer.ok) return refused(c, answer, answer.code === words.unknownCode ? 404 : 403);
    return c.json({ ok: true, removed: answer.removed.id });
  });
}

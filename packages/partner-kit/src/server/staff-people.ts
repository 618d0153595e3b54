// A partner's staff, over @warrant/people, as the desk's dispatchers are: a staff member enrols
// only with a one-time link (the operator's setup link for the first — `npm start` prints it while
// the partner has no staff, `npm run people -- setup-link <partner>` mints another — or an
// invitation from a staff member), and is then signed in by their passkey. A session lets their
// page act; inviting or removing someone takes their fresh passkey assertion over the act's
// statement, and so do the acts partner-server.ts names (a reset, a change of the week's stock).
// The routes are @warrant/people's (peopleRoutes), in a partner's words.
import type { Context, Hono } from 'hono';
import {
  ACT_STATEMENT_MS,
  INVITATION_TTL_MS,
  peopleRoutes,
  refused,
  signInRequired,
  sitePeople,
  type PeopleWords,
  type SitePeople,
} from '@warrant/people';
import type { Database } from '@warrant/site-server';

/** An invitation a staff member makes lasts two days. */
export const STAFF_INVITATION_TTL_MS = INVITATION_TTL_MS;
export { ACT_STATEMENT_MS, refused };

export const STAFF_WORDS: PeopleWords = {
  personKey: 'staff',
  countKey: 'staffCount',
  signInRequired: {
    code: 'STAFF_SIGN_IN_REQUIRED',
    message: "Only this site's staff can do that: sign in with your staff passkey first. Nothing was changed.",
  },
  unknownCode: 'STAFF_UNKNOWN',
  idPattern: /^S-[0-9a-f]{8}$/,
};

export const staffSignInRequired = (c: Context) => signInRequired(c, STAFF_WORDS);

export type StaffPeople = SitePeople;
export const staffPeople = sitePeople;

/** The routes of a partner's people, all under /api/people, in a partner's words. */
export function staffPeopleRoutes(
  app: Hono,
  db: Database,
  people: StaffPeople,
  body: (c: Context) => Promise<Record<string, unknown> | null>,
  malformed: (c: Context) => Response,
): void {
  peopleRoutes(app, db, people, body, malformed, STAFF_WORDS);
}

// A partner's staff, over @warrant/people's routes (as the launch board's editors are): a staff
// member enrols only with a one-time link (the operator's setup link for the first — `npm start`
// prints it while the partner has no staff, `npm run people -- setup-link <partner>` mints another —
// or an invitation from a staff member), and is then signed in by their passkey. A session lets
// their page act; inviting or removing someone takes their fresh passkey assertion over the act's
// statement, and so do the acts partner-server.ts names (a reset, a change of the week's stock).
import { sitePeople, type PeopleSite, type SitePeople } from '@warrant/people';
import type { Database } from '@warrant/site-server';
import { refusal } from '@warrant/surface';

export { refused } from '@warrant/people';

/** What a partner's page reads its staff under. */
const STAFF_WORDS = {
  key: 'staff',
  signInRequired: refusal(
    'STAFF_SIGN_IN_REQUIRED',
    "Only this site's staff can do that: sign in with your staff passkey first. Nothing was changed.",
  ),
  unknownCode: 'STAFF_UNKNOWN',
} as const;

export type StaffPeople = SitePeople;

export const staffPeople = (db: Database, site: PeopleSite): StaffPeople => sitePeople(db, site, STAFF_WORDS);

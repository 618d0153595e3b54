// What the operator (a person at the server's console: `npm start`'s output, `npm run people`) may
// do about a site's people. Whoever has the server's shell already holds its database and keys, so
// they are trusted as the one who runs the site is; nothing here is reachable from a web page.
import type { Queryable } from '@warrant/site-server';
import { mintEnrolmentLink, peopleCount, SETUP_LINK_TTL_MS, type EnrolmentLink } from './enrolment-links.ts';
import type { PeopleSite } from './people-site.ts';

export interface PeopleOperator {
  /** What a person is called at this site ("dispatcher"). */
  readonly noun: string;
  /** No one is on the site's list yet: the first person needs a setup link. */
  needsFirstPerson(): Promise<boolean>;
  /** A one-time setup link that enrols one person, with the name they give. */
  setupLink(options?: { readonly ttlMs?: number }): Promise<EnrolmentLink>;
}

export function peopleOperator(via: Queryable, site: PeopleSite): PeopleOperator {
  return {
    noun: site.noun,
    needsFirstPerson: async () => (await peopleCount(via, site)) === 0,
    setupLink: (options = {}) =>
      mintEnrolmentLink(via, site, {
        kind: 'setup',
        issuedBy: null,
        expiresAt: new Date(Date.now() + (options.ttlMs ?? SETUP_LINK_TTL_MS)),
      }),
  };
}

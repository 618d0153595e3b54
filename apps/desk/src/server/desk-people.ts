// The desk's people are its dispatchers: @warrant/people over the desk's own tables, its origin
// and relying-party id, and a session cookie named for the desk alone.
import { SITES } from '@warrant/config';
import type { PeopleSite } from '@warrant/people';

export const DESK_SESSION_COOKIE = 'warrant_desk_session';

export const DESK_PEOPLE: PeopleSite = {
  origin: SITES.desk.origin,
  rpId: new URL(SITES.desk.origin).hostname,
  rpName: 'Warrant dispatch desk',
  cookie: DESK_SESSION_COOKIE,
  idPrefix: 'D',
  noun: 'dispatcher',
  tables: {
    people: 'dispatchers',
    credentials: 'dispatcher_credentials',
    sessions: 'dispatcher_sessions',
    ceremonies: 'webauthn_challenges',
    links: 'dispatcher_links',
    personColumn: 'dispatcher_id',
  },
};

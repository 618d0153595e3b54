// The bench's people: its clerk, chair and members, @warrant/people over the bench's own tables
// (migrations/002-people.sql), its origin and relying-party id, and a session cookie named for the
// bench alone. The first person (the clerk) enrols with the operator's setup link; every later one
// with an invitation the clerk confirmed with their passkey, naming the role they will hold: the
// chair, or a member (migrations/003-roles.sql).
import { SITES } from '@warrant/config';
import type { PeopleSite, PeopleWords } from '@warrant/people';
import { refusal } from '@warrant/surface';

export const BENCH_PEOPLE: PeopleSite = {
  origin: SITES.bench.origin,
  rpId: new URL(SITES.bench.origin).hostname,
  rpName: "Warrant clerk's bench",
  cookie: 'warrant_bench_session',
  idPrefix: 'M',
  noun: 'member',
  tables: {
    people: 'bench_people',
    credentials: 'bench_person_credentials',
    sessions: 'bench_person_sessions',
    ceremonies: 'bench_person_ceremonies',
    links: 'bench_person_links',
    personColumn: 'person_id',
  },
  roles: { first: 'clerk', invited: ['chair', 'member'] },
};

export const BENCH_WORDS: PeopleWords = {
  key: 'person',
  signInRequired: refusal(
    'SIGN_IN_REQUIRED',
    'Only a person of this meeting can do that: sign in with your passkey first. Nothing was changed.',
  ),
  unknownCode: 'PERSON_UNKNOWN',
};

// What happened to a site's people, as a site that keeps a record of its acts writes it down: a
// person enrolled (with a setup link or an invitation), invited, or removed. The site's recorder is
// called inside the transaction that makes the change, so a change is recorded exactly when it is
// made: a recorder that throws undoes the change.
import type { Queryable } from '@warrant/site-server';
import type { Person } from './people-site.ts';

export type PeopleEvent =
  | {
      readonly act: 'enrolled';
      readonly person: Person;
      /** How: the operator's setup link, or an invitation from the person `invitedBy`. */
      readonly link: 'setup' | 'invitation';
      readonly invitedBy: string | null;
    }
  | { readonly act: 'invited'; readonly by: Person; readonly name: string; readonly role: string | null }
  | { readonly act: 'removed'; readonly by: Person; readonly person: Person };

/** A site's recorder of what happens to its people, run in the change's own transaction. */
export type PeopleRecorder = (tx: Queryable, event: PeopleEvent) => Promise<void>;

// Who an entry is recorded as, decided by the server: the person is the one whose session asks
// (never a name in the body), and the role they act in follows from the act. An agent's call from
// a person's page is the agent's, on that person's behalf. The page's report of whose hand made
// the act (api/inputs.ts) can only lower the entry to the agent's. The chair's acts are not
// entries a session asks for: they take the chair's passkey over the exact act (meeting-routes.ts).
import { refusal, type ToolRefusal } from '@warrant/surface';
import type { Person } from '@warrant/people';
import type { EntryHand } from '../api/inputs.ts';
import { isChairAct } from '../domain/chair-acts.ts';
import { MEMBER_ROLES } from '../domain/member-acts.ts';
import type { Actor, EventType, PersonOnRecord } from '../domain/state.ts';

export interface EntryAuthor {
  readonly actor: Actor;
  readonly person: PersonOnRecord;
}

export const onRecord = (person: Person): PersonOnRecord => ({ id: person.id, name: person.name });

/** The role a person's own act as a member is recorded in (the chair is a member too); null for the clerk. */
export const memberActor = (person: Person): 'member' | 'chair' | null =>
  person.role !== undefined && MEMBER_ROLES.has(person.role) ? (person.role === 'chair' ? 'chair' : 'member') : null;

export function entryAuthor(type: EventType, hand: EntryHand, person: Person): EntryAuthor | ToolRefusal {
  if (isChairAct(type))
    return refusal(
      'PASSKEY_REQUIRED',
      "Putting the question, ruling on a point of order and declaring a result are the chair's passkey over the exact act, not a session's request: the chair confirms it at their own page. Nothing was recorded.",
      { act: type },
    );
  // A person's own act is in their role: the clerk's as the clerk's, a member's (or the chair's, at
  // the chair's page) as theirs.
  return { actor: hand === 'agent' ? 'agent' : (memberActor(person) ?? 'clerk'), person: onRecord(person) };
}

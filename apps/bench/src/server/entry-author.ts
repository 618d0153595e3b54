// Who an entry is recorded as, decided by the server: the person is the one whose session asks
// (never a name in the body), and the role they act in follows from the act. An agent's call from
// a person's page is the agent's, on that person's behalf; the chair's acts (putting the question,
// ruling) are never an agent's. The page's report of whose hand made the act (api/inputs.ts) can
// only lower the entry to the agent's.
import { refusal, type ToolRefusal } from '@warrant/surface';
import type { EntryHand } from '../api/inputs.ts';
import type { Actor, EventType, PersonOnRecord } from '../domain/state.ts';

/** The acts only the chair makes. */
export const CHAIR_ACTS: ReadonlySet<EventType> = new Set<EventType>(['put_the_question', 'record_chair_ruling']);

export interface EntryAuthor {
  readonly actor: Actor;
  readonly person: PersonOnRecord;
}

export function entryAuthor(type: EventType, hand: EntryHand, person: PersonOnRecord): EntryAuthor | ToolRefusal {
  const chairs = CHAIR_ACTS.has(type);
  if (chairs && hand === 'agent')
    return refusal(
      'CHAIR_ONLY',
      'Only the chair puts the question or rules; an agent may propose a ruling for the chair to decide. Nothing was recorded.',
      { act: type },
    );
  const actor: Actor = hand === 'agent' ? 'agent' : chairs ? 'chair' : 'clerk';
  return { actor, person: { id: person.id, name: person.name } };
}

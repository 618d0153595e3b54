// What the bench's routes take in a body: each body's type, for the page that sends it, and its
// JSON Schema, which the server checks before the route runs (@warrant/site-api's serve). An
// entry's payload is checked again by the route against its own act's schema (domain/entry-schema.ts),
// which depends on the act and on the meeting as it stands.
import { STARTING_POINTS, type StartingPoint } from '../domain/checkpoints.ts';
import { TOOL_NAMES } from '../domain/rulebook.ts';
import type { EventType } from '../domain/state.ts';

/** Who made an entry, as the page that sends it reports: an agent's call, or a person at the bench. */
export const ENTRY_ACTORS = ['agent', 'clerk', 'chair'] as const;
export type EntryActor = (typeof ENTRY_ACTORS)[number];

export interface EntryAsked {
  /** The chain head of the record the page decided this act on. */
  readonly after: string;
  readonly type: EventType;
  readonly actor: EntryActor;
  readonly payload: Record<string, unknown>;
}
export const ENTRY_ASKED_SCHEMA = {
  type: 'object',
  properties: {
    after: { type: 'string', pattern: '^[0-9a-f]{64}$' },
    type: { type: 'string', enum: [...TOOL_NAMES, 'put_the_question'] },
    actor: { type: 'string', enum: ENTRY_ACTORS },
    payload: { type: 'object' },
  },
  required: ['after', 'type', 'actor', 'payload'],
  additionalProperties: false,
} as const;

export interface StartOverAsked {
  /** Which starting point of the seeded meeting the new record holds; the server builds it. */
  readonly point: StartingPoint['id'];
}
export const START_OVER_ASKED_SCHEMA = {
  type: 'object',
  properties: { point: { type: 'string', enum: STARTING_POINTS.map((point) => point.id) } },
  required: ['point'],
  additionalProperties: false,
} as const;

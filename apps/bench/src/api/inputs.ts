// What the bench's routes take in a body: each body's type, for the page that sends it, and its
// JSON Schema, which the server checks before the route runs (@warrant/site-api's serve). An
// entry's payload is checked again by the route against its own act's schema (domain/entry-schema.ts),
// which depends on the act and on the meeting as it stands.
import { CHAIR_ACT_TYPES, type ChairActType } from '../domain/chair-acts.ts';
import { CHOICES, type Choice } from '../domain/member-acts.ts';
import { STARTING_POINTS, type StartingPoint } from '../domain/checkpoints.ts';
import { TOOL_NAMES } from '../domain/rulebook.ts';
import type { EventType } from '../domain/state.ts';

/**
 * Whose hand made an act at a signed-in person's page, as that page reports it: an agent's tool
 * call, or the person's own. It can only lower who the entry is recorded as (an agent, on the
 * person's behalf): who the person is comes from their session, and what they may do as clerk or
 * chair is the server's to decide (server/entry-author.ts), never the body's.
 */
export const ENTRY_HANDS = ['agent', 'person'] as const;
export type EntryHand = (typeof ENTRY_HANDS)[number];

export interface EntryAsked {
  /** The chain head of the record the page decided this act on. */
  readonly after: string;
  readonly type: EventType;
  readonly by: EntryHand;
  readonly payload: Record<string, unknown>;
}
export const ENTRY_ASKED_SCHEMA = {
  type: 'object',
  properties: {
    after: { type: 'string', pattern: '^[0-9a-f]{64}$' },
    // The chair's acts are named here only to be refused as a session's (they take the chair's passkey).
    type: { type: 'string', enum: [...new Set([...TOOL_NAMES, ...CHAIR_ACT_TYPES])] },
    by: { type: 'string', enum: ENTRY_HANDS },
    payload: { type: 'object' },
  },
  required: ['after', 'type', 'by', 'payload'],
  additionalProperties: false,
} as const;

/** One of the chair's acts, exactly as it would be recorded after the head `after`. */
export interface ChairActAsked {
  readonly after: string;
  readonly type: ChairActType;
  readonly payload: Record<string, unknown>;
}
const CHAIR_ACT_PROPERTIES = {
  after: { type: 'string', pattern: '^[0-9a-f]{64}$' },
  type: { type: 'string', enum: CHAIR_ACT_TYPES },
  payload: { type: 'object' },
} as const;
export const CHAIR_ACT_ASKED_SCHEMA = {
  type: 'object',
  properties: CHAIR_ACT_PROPERTIES,
  required: ['after', 'type', 'payload'],
  additionalProperties: false,
} as const;

/** The same act, with the chair's passkey assertion over its statement (WebAuthn's JSON). */
export interface ChairActConfirmed extends ChairActAsked {
  readonly response: Record<string, unknown>;
}
export const CHAIR_ACT_CONFIRMED_SCHEMA = {
  type: 'object',
  properties: { ...CHAIR_ACT_PROPERTIES, response: { type: 'object' } },
  required: ['after', 'type', 'payload'],
  additionalProperties: false,
} as const;

/**
 * A member marking themself present: the body names no one. Who is present is the signed-in
 * person whose page asks, and the entry goes at the record's head as it stands, since attendance
 * does not depend on what is pending.
 */
export type AttendanceAsked = Record<string, never>;
export const ATTENDANCE_ASKED_SCHEMA = {
  type: 'object',
  properties: {},
  additionalProperties: false,
} as const;

/**
 * A member's vote on the question the chair has put now: only the choice. The question is the
 * server's to name (its digest, in the statement the voter's passkey signs), and the voter is the
 * signed-in person whose passkey answers.
 */
export interface VoteAsked {
  readonly choice: Choice;
}
const VOTE_PROPERTIES = { choice: { type: 'string', enum: CHOICES } } as const;
export const VOTE_ASKED_SCHEMA = {
  type: 'object',
  properties: VOTE_PROPERTIES,
  required: ['choice'],
  additionalProperties: false,
} as const;

/** The same vote, with the voter's passkey assertion over its statement (WebAuthn's JSON). */
export interface VoteConfirmed extends VoteAsked {
  readonly response: Record<string, unknown>;
}
export const VOTE_CONFIRMED_SCHEMA = {
  type: 'object',
  properties: { ...VOTE_PROPERTIES, response: { type: 'object' } },
  required: ['choice'],
  additionalProperties: false,
} as const;

export interface StartOverAsked {
  /** Which starting point of the seeded meeting the new record holds; the server builds it. */
  readonly point: StartingPoint['id'];
  /**
   * The id of the bylaws the meeting is held under (domain/bylaws/registry.ts); the default
   * bylaws when absent. An id the bench does not hold is refused (UNKNOWN_BYLAWS).
   */
  readonly bylaws?: string;
}
export const START_OVER_ASKED_SCHEMA = {
  type: 'object',
  properties: {
    point: { type: 'string', enum: STARTING_POINTS.map((point) => point.id) },
    bylaws: { type: 'string', minLength: 1, maxLength: 80, pattern: '^[a-z0-9]+(-[a-z0-9]+)*$' },
  },
  required: ['point'],
  additionalProperties: false,
} as const;

// The board's canonical state: the only truth. The screen shows it and the tools read and write
// it; nothing else holds a field value.
import { FIELD_IDS, FIELDS, INITIAL_BRIEF, type Brief, type FieldId } from './fields.ts';

export type Phase = 'DRAFT' | 'REVIEW' | 'ACCEPTED';
export type Actor = 'system' | 'human' | 'agent';

export const ACTIVITY_TYPES = [
  'SESSION_READY',
  'SCOPE_CHANGED',
  'AGENT_EDITED',
  'AGENT_REFUSED',
  'EXPANSION_REQUESTED',
  'EXPANSION_APPROVED',
  'EXPANSION_DENIED',
  'EXPANSION_SUPERSEDED',
  'EXPANSION_WAIT_ENDED',
  'REVIEW_SUBMITTED',
  'REVIEW_ACCEPTED',
  'REVIEW_RETURNED',
  'BOARD_RESET',
] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

export type FieldValues = { readonly [K in FieldId]: string };

export interface FieldChange {
  readonly fieldId: FieldId;
  readonly label: string;
  readonly before: string;
  readonly after: string;
}

export interface ExpansionRequest {
  readonly id: string;
  /** Sorted, unique, none of them framed when asked. */
  readonly fields: readonly FieldId[];
  readonly reason: string;
  readonly basedOnScopeVersion: number;
  readonly requestedAt: string;
}

export interface Review {
  readonly reviewId: string;
  readonly submittedAt: string;
  readonly scopeVersion: number;
  readonly diff: readonly FieldChange[];
}

export interface ActivityEntry {
  readonly id: string;
  readonly at: string;
  readonly actor: Actor;
  readonly type: ActivityType;
  /** For the human reading the history. */
  readonly message: string;
  readonly details: { readonly [key: string]: unknown };
}

export interface BoardState {
  readonly schemaVersion: 2;
  /**
   * +1 on every reset. A reset starts the board over at scope v0, so a scope version names a frame
   * only together with its generation: a capability granted before a reset never matches a frame
   * drawn after it, even one with the same number.
   */
  readonly generation: number;
  readonly fields: FieldValues;
  /** The values the board started with. The diff is always against these; they are never rebased. */
  readonly baselineFields: FieldValues;
  readonly brief: Brief;
  readonly phase: Phase;
  /** The framed field ids: sorted in field order, unique. */
  readonly scope: readonly FieldId[];
  /** 0 at the start of a generation; +1 on every human scope change and approved expansion. */
  readonly scopeVersion: number;
  readonly pendingExpansion: ExpansionRequest | null;
  /** Present in REVIEW and ACCEPTED, absent in DRAFT. */
  readonly review: Review | null;
  readonly acceptedAt: string | null;
  /** Append-only: every act that changes the board adds to it; nothing removes from it. */
  readonly activity: readonly ActivityEntry[];
}

/** Where ids and time come from, so that tests are deterministic. */
export interface BoardEnv {
  /** A fresh, unique id (a UUID in the app); the board adds a prefix such as `review_`. */
  newId(): string;
  /** The current time as an ISO 8601 string. */
  now(): string;
}

/** A board in draft with nothing framed, nothing pending and no review: where it starts and where Reset returns. */
export const FRESH_DRAFT = {
  phase: 'DRAFT',
  scope: [],
  scopeVersion: 0,
  pendingExpansion: null,
  review: null,
  acceptedAt: null,
} as const satisfies Partial<BoardState>;

export function initialState(env: BoardEnv): BoardState {
  const fields = Object.fromEntries(FIELDS.map((field) => [field.id, field.initial])) as FieldValues;
  return {
    schemaVersion: 2,
    generation: 0,
    fields,
    baselineFields: fields,
    brief: INITIAL_BRIEF,
    ...FRESH_DRAFT,
    activity: [
      {
        id: `activity_${env.newId()}`,
        at: env.now(),
        actor: 'system',
        type: 'SESSION_READY',
        message: 'Board ready. Nothing is framed: the agent can read the board but not write to it.',
        details: { scopeVersion: 0 },
      },
    ],
  };
}

/** What a state implies about its fields. Whether an act is in order is rule()'s alone to say. */
export interface Derived {
  /** Framed fields, in field order. */
  readonly scoped: readonly FieldId[];
  /** Unframed fields, in field order. */
  readonly blocked: readonly FieldId[];
  /** Fields whose value differs from the baseline, in field order. */
  readonly diff: readonly FieldChange[];
  readonly hasChanges: boolean;
}

export function derive(state: BoardState): Derived {
  const framed = new Set<FieldId>(state.scope);
  const scoped = FIELD_IDS.filter((id) => framed.has(id));
  const blocked = FIELD_IDS.filter((id) => !framed.has(id));
  const diff = diffFields(state.baselineFields, state.fields);
  return { scoped, blocked, diff, hasChanges: diff.length > 0 };
}

export function diffFields(before: FieldValues, after: FieldValues): FieldChange[] {
  return FIELDS.filter((field) => before[field.id] !== after[field.id]).map((field) => ({
    fieldId: field.id,
    label: field.label,
    before: before[field.id],
    after: after[field.id],
  }));
}

/** Ids in field order, without repeats. */
export function sortFieldIds(ids: Iterable<FieldId>): FieldId[] {
  const set = new Set(ids);
  return FIELD_IDS.filter((id) => set.has(id));
}

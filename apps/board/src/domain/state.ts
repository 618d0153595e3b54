// The board's canonical state: the only truth. The screen shows it and the tools read and write
// it; nothing else holds a field value.
import { FIELD_IDS, FIELDS, INITIAL_BRIEF, REASON_LENGTH, type Brief, type FieldId } from './fields.ts';
import { isCalendarDate, isFieldId, validateFieldValue } from './validate.ts';

export type Phase = 'DRAFT' | 'REVIEW' | 'ACCEPTED';
export type Actor = 'system' | 'human' | 'agent';

export const ACTIVITY_TYPES = [
  'SESSION_READY',
  'SCOPE_CHANGED',
  'AGENT_EDITED',
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

export function initialState(env: BoardEnv): BoardState {
  const fields = Object.fromEntries(FIELDS.map((field) => [field.id, field.initial])) as FieldValues;
  return {
    schemaVersion: 2,
    generation: 0,
    fields,
    baselineFields: fields,
    brief: INITIAL_BRIEF,
    phase: 'DRAFT',
    scope: [],
    scopeVersion: 0,
    pendingExpansion: null,
    review: null,
    acceptedAt: null,
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

/**
 * Reads a stored board back. Anything malformed, from another schema version, or breaking an
 * invariant of the board (a review outside REVIEW/ACCEPTED, a request under an old version, a
 * value no field accepts) gives null: a reload never crashes and never resumes from state the
 * board could not have reached.
 */
export function readState(raw: unknown): BoardState | null {
  if (!isRecord(raw) || raw.schemaVersion !== 2 || !isVersion(raw.generation)) return null;

  const fields = readFieldValues(raw.fields);
  const baselineFields = readFieldValues(raw.baselineFields);
  const brief = readBrief(raw.brief);
  const phase = raw.phase;
  if (!fields || !baselineFields || !brief || (phase !== 'DRAFT' && phase !== 'REVIEW' && phase !== 'ACCEPTED')) return null;

  const scope = readSortedFieldIds(raw.scope);
  const scopeVersion = raw.scopeVersion;
  if (!scope || !isVersion(scopeVersion)) return null;

  const pendingExpansion = raw.pendingExpansion === null ? null : readExpansion(raw.pendingExpansion, scope, scopeVersion);
  const review = raw.review === null ? null : readReview(raw.review, scopeVersion);
  const acceptedAt = raw.acceptedAt;
  if (pendingExpansion === undefined || review === undefined || (acceptedAt !== null && typeof acceptedAt !== 'string')) return null;
  if (pendingExpansion && phase !== 'DRAFT') return null;
  if ((phase === 'DRAFT') !== (review === null)) return null;
  if ((phase === 'ACCEPTED') !== (acceptedAt !== null)) return null;
  // Fields are frozen from submission on, so the reviewed change set is the board's change set.
  if (review && !sameChanges(review.diff, diffFields(baselineFields, fields))) return null;

  if (!Array.isArray(raw.activity) || raw.activity.length === 0) return null;
  const activity: ActivityEntry[] = [];
  for (const item of raw.activity) {
    const entry = readActivity(item);
    if (!entry) return null;
    activity.push(entry);
  }

  return { schemaVersion: 2, generation: raw.generation, fields, baselineFields, brief, phase, scope, scopeVersion, pendingExpansion, review, acceptedAt, activity };
}

function sameChanges(a: readonly FieldChange[], b: readonly FieldChange[]): boolean {
  return a.length === b.length && a.every((change, index) => {
    const other = b[index];
    return other !== undefined && change.fieldId === other.fieldId && change.before === other.before && change.after === other.after;
  });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isVersion(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

function readFieldValues(value: unknown): FieldValues | null {
  if (!isRecord(value) || Object.keys(value).length !== FIELD_IDS.length) return null;
  const out: Partial<Record<FieldId, string>> = {};
  for (const id of FIELD_IDS) {
    const checked = validateFieldValue(id, value[id]);
    if (!checked.ok || checked.value !== value[id]) return null;
    out[id] = checked.value;
  }
  return out as FieldValues;
}

function readSortedFieldIds(value: unknown): FieldId[] | null {
  if (!Array.isArray(value) || !value.every(isFieldId)) return null;
  const sorted = sortFieldIds(value);
  return sorted.length === value.length && sorted.every((id, index) => id === value[index]) ? sorted : null;
}

function readBrief(value: unknown): Brief | null {
  if (!isRecord(value)) return null;
  const { title, objective, constraints, targetLaunchDate } = value;
  if (typeof title !== 'string' || typeof objective !== 'string' || typeof targetLaunchDate !== 'string') return null;
  if (!isCalendarDate(targetLaunchDate) || !Array.isArray(constraints) || !constraints.every((c) => typeof c === 'string')) return null;
  return { title, objective, constraints: [...constraints], targetLaunchDate };
}

/** undefined: malformed. */
function readExpansion(value: unknown, scope: readonly FieldId[], scopeVersion: number): ExpansionRequest | undefined {
  if (!isRecord(value)) return undefined;
  const { id, reason, basedOnScopeVersion, requestedAt } = value;
  const fields = readSortedFieldIds(value.fields);
  if (typeof id !== 'string' || !id || !fields || fields.length === 0 || fields.some((f) => scope.includes(f))) return undefined;
  if (typeof reason !== 'string' || reason !== reason.trim()) return undefined;
  if ([...reason].length < REASON_LENGTH.min || [...reason].length > REASON_LENGTH.max) return undefined;
  // A request outlives no frame: any version change settles or clears it.
  if (basedOnScopeVersion !== scopeVersion || typeof requestedAt !== 'string') return undefined;
  return { id, fields, reason, basedOnScopeVersion, requestedAt };
}

function readReview(value: unknown, scopeVersion: number): Review | undefined {
  if (!isRecord(value)) return undefined;
  const { reviewId, submittedAt } = value;
  if (typeof reviewId !== 'string' || !reviewId || typeof submittedAt !== 'string') return undefined;
  if (!isVersion(value.scopeVersion) || value.scopeVersion > scopeVersion) return undefined;
  if (!Array.isArray(value.diff) || value.diff.length === 0) return undefined;
  const diff: FieldChange[] = [];
  for (const item of value.diff) {
    if (!isRecord(item) || !isFieldId(item.fieldId)) return undefined;
    const { label, before, after } = item;
    if (typeof label !== 'string' || typeof before !== 'string' || typeof after !== 'string') return undefined;
    diff.push({ fieldId: item.fieldId, label, before, after });
  }
  return { reviewId, submittedAt, scopeVersion: value.scopeVersion, diff };
}

function readActivity(value: unknown): ActivityEntry | null {
  if (!isRecord(value)) return null;
  const { id, at, actor, type, message, details } = value;
  if (typeof id !== 'string' || typeof at !== 'string' || typeof message !== 'string' || !isRecord(details)) return null;
  if (actor !== 'system' && actor !== 'human' && actor !== 'agent') return null;
  if (!(ACTIVITY_TYPES as readonly unknown[]).includes(type)) return null;
  return { id, at, actor, type: type as ActivityType, message, details };
}

// Reading a stored board back: the record's acts each hold one, and the board resumes from them.
// Anything malformed, from another schema version, or breaking an invariant of the board gives
// null, so a reload never crashes and never resumes from state the board could not have reached.
import { FIELD_IDS, REASON_LENGTH, type Brief, type FieldId } from './fields.ts';
import {
  ACTIVITY_TYPES,
  diffFields,
  sortFieldIds,
  type ActivityEntry,
  type ActivityType,
  type BoardState,
  type ExpansionRequest,
  type FieldChange,
  type FieldValues,
  type Review,
} from './state.ts';
import { isCalendarDate, isFieldId, validateFieldValue } from './validate.ts';

/** The board a stored value holds, or null if it is not one the board could have reached. */
export function readState(raw: unknown): BoardState | null {
  if (!isRecord(raw) || raw.schemaVersion !== 2 || !isVersion(raw.generation)) return null;

  const fields = readFieldValues(raw.fields);
  const baselineFields = readFieldValues(raw.baselineFields);
  const brief = readBrief(raw.brief);
  const phase = raw.phase;
  if (!fields || !baselineFields || !brief || (phase !== 'DRAFT' && phase !== 'REVIEW' && phase !== 'ACCEPTED'))
    return null;

  const scope = readSortedFieldIds(raw.scope);
  const scopeVersion = raw.scopeVersion;
  if (!scope || !isVersion(scopeVersion)) return null;

  const pendingExpansion =
    raw.pendingExpansion === null ? null : readExpansion(raw.pendingExpansion, scope, scopeVersion);
  const review = raw.review === null ? null : readReview(raw.review, scopeVersion);
  const acceptedAt = raw.acceptedAt;
  if (pendingExpansion === undefined || review === undefined || (acceptedAt !== null && typeof acceptedAt !== 'string'))
    return null;
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

  return {
    schemaVersion: 2,
    generation: raw.generation,
    fields,
    baselineFields,
    brief,
    phase,
    scope,
    scopeVersion,
    pendingExpansion,
    review,
    acceptedAt,
    activity,
  };
}

function sameChanges(a: readonly FieldChange[], b: readonly FieldChange[]): boolean {
  return (
    a.length === b.length &&
    a.every((change, index) => {
      const other = b[index];
      return (
        other !== undefined &&
        change.fieldId === other.fieldId &&
        change.before === other.before &&
        change.after === other.after
      );
    })
  );
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
  if (
    !isCalendarDate(targetLaunchDate) ||
    !Array.isArray(constraints) ||
    !constraints.every((c) => typeof c === 'string')
  )
    return null;
  return { title, objective, constraints: [...constraints], targetLaunchDate };
}

/** undefined: malformed. */
function readExpansion(value: unknown, scope: readonly FieldId[], scopeVersion: number): ExpansionRequest | undefined {
  if (!isRecord(value)) return undefined;
  const { id, reason, basedOnScopeVersion, requestedAt } = value;
  const fields = readSortedFieldIds(value.fields);
  if (typeof id !== 'string' || !id || !fields || fields.length === 0 || fields.some((f) => scope.includes(f)))
    return undefined;
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
  if (typeof id !== 'string' || typeof at !== 'string' || typeof message !== 'string' || !isRecord(details))
    return null;
  if (actor !== 'system' && actor !== 'human' && actor !== 'agent') return null;
  if (!(ACTIVITY_TYPES as readonly unknown[]).includes(type)) return null;
  return { id, at, actor, type: type as ActivityType, message, details };
}

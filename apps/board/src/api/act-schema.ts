// What the board's server takes as an act: the JSON Schema every act a page sends must fit before
// the server decides it. Shapes and bounds only; whether the act is in order, and whether each
// value is one its field accepts, are the domain's to say (domain/board-acts.ts), on the server's
// board. Free text is bounded here, and a reason or a refusal's words hold no control character.
import type { JsonSchema } from '@warrant/surface';
import type { BoardAct } from '../domain/board-acts.ts';
import { EXPANSION_CODES } from '../domain/expansion.ts';
import { FIELD_IDS, FIELDS, REASON_LENGTH } from '../domain/fields.ts';

const PLAIN_TEXT = '^[^\\u0000-\\u001f\\u007f]*$';
const CODE = '^[A-Z][A-Z0-9_]{0,63}$';
const ID = '^[a-z]+_[A-Za-z0-9-]{1,64}$';
const WRITES = ['edit_scoped_fields', 'request_scope_expansion', 'submit_changes_for_review'];

const closed = (properties: Record<string, JsonSchema>, required: readonly string[] = Object.keys(properties)) => ({
  type: 'object',
  properties,
  required: [...required],
  additionalProperties: false,
});

const named = (act: string, properties: Record<string, JsonSchema> = {}): JsonSchema =>
  closed({ act: { const: act }, ...properties });

const BASIS = closed({
  generation: { type: 'integer', minimum: 0 },
  scopeVersion: { type: 'integer', minimum: 0 },
});

const UPDATES = {
  type: 'object',
  properties: Object.fromEntries(FIELDS.map((field) => [field.id, { type: 'string', maxLength: field.maxLength }])),
  additionalProperties: false,
  minProperties: 1,
};

const FIELD_LIST = { type: 'array', items: { enum: [...FIELD_IDS] }, maxItems: FIELD_IDS.length, uniqueItems: true };

/** A refused call as the page's kernel reported it: bounded, for the activity to say it was refused. */
const REFUSED_CALL = closed({
  name: { enum: WRITES },
  channel: { type: 'string', pattern: '^[a-z-]{1,32}$' },
  result: {
    type: 'object',
    properties: {
      ok: { const: false },
      isError: { const: true },
      code: { type: 'string', pattern: CODE },
      message: { type: 'string', maxLength: 2000 },
      details: { type: 'object', maxProperties: 16 },
    },
    required: ['ok', 'code', 'message', 'details'],
  },
});

const ACTS: readonly JsonSchema[] = [
  named('edit_scoped_fields', { basis: BASIS, updates: UPDATES }),
  named('request_scope_expansion', {
    basis: BASIS,
    fields: FIELD_LIST,
    reason: { type: 'string', minLength: REASON_LENGTH.min, maxLength: REASON_LENGTH.max, pattern: PLAIN_TEXT },
  }),
  named('submit_changes_for_review', { basis: BASIS }),
  named('note_wait_ended', {
    requestId: { type: 'string', pattern: ID },
    code: { enum: Object.values(EXPANSION_CODES) },
  }),
  named('note_refused', { call: REFUSED_CALL }),
  named('frame_fields', { ids: FIELD_LIST }),
  named('decide_expansion', { decision: { enum: ['approve', 'deny'] } }),
  named('decide_review', {
    decision: { enum: ['accept', 'return'] },
    reviewId: { anyOf: [{ type: 'string', pattern: ID }, { type: 'null' }] },
  }),
  named('reset'),
];

export const BOARD_ACT_SCHEMA: JsonSchema = { oneOf: [...ACTS] };

/** A grant as its route takes it: the act, and the editor's passkey's answer to its statement. */
export type GrantAsked = BoardAct & { readonly response?: object };

/**
 * Any act, with the passkey's answer beside it (checked by the passkey's verification, not here;
 * without it the grant is refused, PASSKEY_REQUIRED). Which acts are grants is domain/grants.ts's to say.
 */
export const BOARD_GRANT_SCHEMA: JsonSchema = {
  oneOf: ACTS.map((act) => ({
    ...act,
    properties: { ...(act['properties'] as object), response: { type: 'object' } },
  })),
};

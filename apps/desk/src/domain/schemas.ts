// The input schema of each verb, as a function of state where ids are offered (the open requests,
// the open leases, the plans awaiting commitment). Each is built once per distinct set of ids, so
// an unchanged schema is the same object and its tool is not registered again.
import { LEASE_PURPOSES, MAX_LEASE_TTL_SECONDS } from '@warrant/broker';
import { COMPENSATION_MAP, PARTNERS } from '../partners.ts';
import type { JsonSchema } from '@warrant/surface';
import { freeText } from './free-text.ts';
import { awaitingPlans, openRequests } from './queries.ts';
import { NEEDS } from './request.ts';
import type { DeskState } from './state.ts';

const MIN_LEASE_TTL_SECONDS = 10;
const MAX_PLAN_STEPS = 8;
const MAX_PEOPLE = 12;
export const MAX_LEDGER_ROWS = 500;
/** The largest tree size the desk server reads in a proof or head request (nine digits). */
export const MAX_TREE_SIZE = 999_999_999;

const DEADLINE_PATTERN = '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])(T([01]\\d|2[0-3]):[0-5]\\d)?$';

/** The writes a plan step may name: every write the compensation map can undo. */
const PLANNABLE_TOOLS = Object.keys(COMPENSATION_MAP);

function idSchema(ids: readonly string[], what: string): Record<string, unknown> {
  // An empty enum would make the schema unsatisfiable; the verb is out of order then anyway.
  return ids.length > 0
    ? { type: 'string', enum: [...ids], description: what }
    : { type: 'string', maxLength: 16, description: what };
}

const cache = new Map<string, JsonSchema>();
function once(key: string, build: () => JsonSchema): JsonSchema {
  let schema = cache.get(key);
  if (!schema) {
    if (cache.size > 200) cache.clear();
    schema = build();
    cache.set(key, schema);
  }
  return schema;
}

export const INTAKE_SCHEMA: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['people', 'needs', 'place', 'deadline'],
  properties: {
    people: { type: 'integer', minimum: 1, maximum: MAX_PEOPLE, description: 'How many people need help.' },
    needs: {
      type: 'array',
      minItems: 1,
      maxItems: NEEDS.length,
      uniqueItems: true,
      items: { type: 'string', enum: [...NEEDS] },
      description: 'What they need: food (pantry), bed (shelter), ride (ride collective), cold_storage (cold chain).',
    },
    place: freeText(120, 'Where they are, e.g. a neighbourhood or a street corner.'),
    deadline: {
      type: 'string',
      pattern: DEADLINE_PATTERN,
      description: 'By when: a date (YYYY-MM-DD) or a date and local time (YYYY-MM-DDTHH:MM).',
    },
    note: freeText(500, 'Anything else the desk should know.', { optional: true }),
  },
};

export function openLeaseSchema(state: DeskState): JsonSchema {
  const requests = openRequests(state).map((request) => request.id);
  return once(`open_lease:${requests.join(',')}`, () => ({
    type: 'object',
    additionalProperties: false,
    required: ['partner', 'purpose', 'ttl', 'request'],
    properties: {
      partner: { type: 'string', enum: [...PARTNERS], description: 'The partner site to lease.' },
      purpose: {
        type: 'string',
        enum: [...LEASE_PURPOSES],
        description:
          "read_capacity: read the partner's capacity. execute_plan leases are opened only by an approved plan's run.",
      },
      ttl: {
        type: 'integer',
        minimum: MIN_LEASE_TTL_SECONDS,
        maximum: MAX_LEASE_TTL_SECONDS,
        description: 'Seconds the lease lives.',
      },
      request: idSchema(requests, 'The open request the lease serves.'),
    },
  }));
}

export function findCapacitySchema(state: DeskState): JsonSchema {
  const requests = openRequests(state).map((request) => request.id);
  return once(`find_capacity:${requests.join(',')}`, () => ({
    type: 'object',
    additionalProperties: false,
    required: ['request'],
    properties: {
      request: idSchema(requests, 'The request to find capacity for.'),
      partners: {
        type: 'array',
        minItems: 1,
        maxItems: PARTNERS.length,
        uniqueItems: true,
        items: { type: 'string', enum: [...PARTNERS] },
        description: 'Only these partners (default: every partner under an active read lease for the request).',
      },
    },
  }));
}

export function draftPlanSchema(state: DeskState): JsonSchema {
  const requests = openRequests(state).map((request) => request.id);
  const plans = awaitingPlans(state).map((plan) => plan.id);
  return once(`draft_plan:${requests.join(',')}:${plans.join(',')}`, () => ({
    type: 'object',
    additionalProperties: false,
    required: ['request', 'label', 'steps'],
    properties: {
      request: idSchema(requests, 'The request the plan serves.'),
      label: freeText(120, 'A short name for people, e.g. "Food and a family room for tonight".'),
      steps: {
        type: 'array',
        minItems: 1,
        maxItems: MAX_PLAN_STEPS,
        description: 'The partner writes, in the order they run.',
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['partner', 'tool', 'args'],
          properties: {
            partner: { type: 'string', enum: [...PARTNERS] },
            tool: { type: 'string', enum: PLANNABLE_TOOLS, description: 'A write of that partner.' },
            args: {
              type: 'object',
              description:
                "The write's arguments as its partner declared them, without request and idempotency_key (the desk adds both).",
            },
          },
        },
      },
      ...(plans.length > 0 ? { plan: idSchema(plans, 'Revise this drafted plan instead of drafting a new one.') } : {}),
    },
  }));
}

export function commitPlanSchema(state: DeskState): JsonSchema {
  const plans = awaitingPlans(state).map((plan) => plan.id);
  return once(`commit_plan:${plans.join(',')}`, () => ({
    type: 'object',
    additionalProperties: false,
    required: ['plan'],
    properties: { plan: idSchema(plans, 'The drafted plan to raise for human approval.') },
  }));
}

export function closeLeaseSchema(state: DeskState): JsonSchema {
  // Any lease the desk knows: one that already ended is answered as closed, not refused.
  const leases = state.leases.map((lease) => lease.id);
  return once(`close_lease:${leases.join(',')}`, () => ({
    type: 'object',
    additionalProperties: false,
    required: ['lease'],
    properties: { lease: idSchema(leases, 'The lease to close (one already ended is answered as closed).') },
  }));
}

export const READ_LEDGER_SCHEMA: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    request: {
      type: 'string',
      pattern: '^[A-Za-z0-9_-]{1,16}$',
      description:
        "Only this request's rows (its intake, leases, reads, plans, approvals and the run's every step and outcome).",
    },
    since: {
      type: 'integer',
      minimum: 0,
      maximum: MAX_TREE_SIZE,
      description: 'Read forward: the rows after this sequence number, oldest first (0: from the start).',
    },
    before: {
      type: 'integer',
      minimum: 1,
      maximum: MAX_TREE_SIZE,
      description:
        "Read back: the newest rows before this sequence number (an answer's `earlier` gives it). Without since or before, the newest rows.",
    },
    limit: {
      type: 'integer',
      minimum: 1,
      maximum: MAX_LEDGER_ROWS,
      description: `At most this many rows (default ${MAX_LEDGER_ROWS}).`,
    },
    proof: {
      type: 'object',
      additionalProperties: false,
      minProperties: 1,
      maxProperties: 1,
      description:
        'Instead of rows, a proof from the desk server with the signed tree head it is against: one of inclusion or consistency.',
      properties: {
        inclusion: {
          type: 'object',
          additionalProperties: false,
          required: ['seq'],
          properties: {
            seq: {
              type: 'integer',
              minimum: 1,
              maximum: MAX_TREE_SIZE,
              description: 'The row whose inclusion in the latest signed head is proved.',
            },
          },
        },
        consistency: {
          type: 'object',
          additionalProperties: false,
          required: ['from'],
          properties: {
            from: {
              type: 'integer',
              minimum: 1,
              maximum: MAX_TREE_SIZE,
              description: 'The size of the earlier head (its rows) the later one must extend.',
            },
            to: {
              type: 'integer',
              minimum: 1,
              maximum: MAX_TREE_SIZE,
              description: 'The size of a later signed head (default: the latest head).',
            },
          },
        },
      },
    },
  },
};

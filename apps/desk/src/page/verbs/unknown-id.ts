// An id the desk does not hold open, answered in words before the schema's validator answers it in
// its own terms ("Instance does not match any of [every open id]"). The schema still lists the
// open ids, as an enum: that is where an agent reads which ones there are, and the answer says so.
import { refusal, type JsonSchema, type ToolRefusal } from '@warrant/surface';

const ID_SHAPE = /^[A-Za-z0-9_-]{1,16}$/;

interface IdField {
  readonly code: string;
  readonly none: (id: string) => string;
  readonly how: string;
}

const ID_FIELDS: Readonly<Record<string, IdField>> = {
  request: {
    code: 'REQUEST_NOT_OPEN',
    none: (id) => `No request ${id} is open at the desk.`,
    how: "The open requests are the values the `request` field accepts in this tool's input schema (list the tools again to see them now); intake_request opens a new one; read_ledger shows what happened to earlier ones.",
  },
  plan: {
    code: 'PLAN_NOT_AWAITING',
    none: (id) => `No plan ${id} is drafted and waiting at the desk.`,
    how: "The plans waiting are the values the `plan` field accepts in this tool's input schema (list the tools again to see them now); draft_plan drafts one; read_ledger shows what happened to earlier ones.",
  },
  lease: {
    code: 'LEASE_NOT_OPEN',
    none: (id) => `No lease ${id} is open at the desk.`,
    how: "The open leases are the values the `lease` field accepts in this tool's input schema (list the tools again to see them now); read_ledger shows how earlier ones ended.",
  },
};

/** The refusal for the first id field whose value is not one the schema offers now, or null. */
export function unknownIdRefusal(schema: JsonSchema, input: Readonly<Record<string, unknown>>): ToolRefusal | null {
  const properties = (schema['properties'] ?? {}) as Record<string, { readonly enum?: readonly unknown[] }>;
  for (const [field, words] of Object.entries(ID_FIELDS)) {
    const value = input[field];
    const offered = properties[field]?.enum;
    // Only an id-shaped string the enum would refuse (safe to repeat back); any other fault is the validator's.
    if (typeof value !== 'string' || !ID_SHAPE.test(value) || !offered || offered.includes(value)) continue;
    return refusal(words.code, `${words.none(value)} Nothing was changed. ${words.how}`, {
      field,
      received: value,
      open: offered.length,
    });
  }
  return null;
}

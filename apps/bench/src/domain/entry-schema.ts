// What an entry of each act carries, as the schema its tool declares (a form's, a registered
// tool's, with the ids on the table at this moment), so the bench's server checks an entry a page
// sends against exactly what an agent's call was checked against in the page. Putting the question
// carries nothing. A chair's ruling names who ruled, and that is the bench's to fill in (the chair
// presiding), never the caller's: it is not in the schema.

import type { JsonSchema } from '@warrant/surface';
import { DECLARATIONS } from './declarations.ts';
import { countField, fitToBoard, objectSchema } from './input-fields.ts';
import { CHOICES } from './member-acts.ts';
import { ROWS_BY_NAME } from './rule.ts';
import { inputSchemaFor } from './schema.ts';
import type { EventType, MeetingState } from './state.ts';

const NOTHING: JsonSchema = objectSchema({}, []);
/** A member's vote: the question's digest (the server's to fill in) and the choice. */
const VOTE: JsonSchema = {
  type: 'object',
  properties: { question: { type: 'string', pattern: '^[0-9a-f]{64}$' }, choice: { type: 'string', enum: CHOICES } },
  required: ['question', 'choice'],
  additionalProperties: false,
};
/** The chair's declaration: the three counts. */
const DECLARED: JsonSchema = objectSchema(
  {
    aye: countField('Members who voted aye.'),
    nay: countField('Members who voted no.'),
    abstain: countField('Members who abstained.'),
  },
  ['aye', 'nay', 'abstain'],
);

export function entrySchemaOf(type: EventType, state: MeetingState): JsonSchema {
  if (type === 'put_the_question' || type === 'mark_present' || type === 'name_bylaws') return NOTHING;
  if (type === 'cast_vote') return VOTE;
  if (type === 'declare_result') return fitToBoard(DECLARED, state.bylaws.boardSize);
  const row = ROWS_BY_NAME.get(type);
  if (!row) return NOTHING;
  if (row.kind === 'declarative') return fitToBoard(row.inputSchema, state.bylaws.boardSize);
  return inputSchemaFor(DECLARATIONS[row.name as keyof typeof DECLARATIONS], state);
}

// A row's input schema at a given moment. Counts of members are bounded by the meeting's board (its
// bylaws); take-from-the-table lists the ids actually on the table, so a model can only name a
// question that is there. The ids are described
// by motion class and time only: a schema is read by the model as instructions, so it must never
// carry a member's words.

import type { JsonSchema } from '@warrant/surface';
import type { Declaration } from './declarations.ts';
import { fitToBoard } from './input-fields.ts';
import { MOTIONS } from './rulebook.ts';
import type { MeetingState } from './state.ts';

export function inputSchemaFor(row: Declaration, state: MeetingState): JsonSchema {
  if (row.enumFromTable === null) return fitToBoard(row.inputSchema, state.bylaws.boardSize);
  const properties = row.inputSchema['properties'] as Record<string, JsonSchema>;
  const field = properties[row.enumFromTable] ?? {};
  const entries = state.table.map(
    (t) => `${t.id}: ${t.series[0] ? MOTIONS[t.series[0].motion].noun : 'a question'}, tabled ${t.at}`,
  );
  const described =
    entries.length > 0
      ? `${String(field['description'] ?? '')} On the table now: ${entries.join('; ')}.`
      : field['description'];
  return {
    ...row.inputSchema,
    properties: {
      ...properties,
      [row.enumFromTable]: { ...field, enum: state.table.map((t) => t.id), description: described },
    },
  };
}

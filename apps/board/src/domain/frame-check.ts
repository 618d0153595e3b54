// Whether an edit names only framed fields. The edit tool asks this before the schema (so an agent
// that names an unframed field hears "outside the frame" rather than "not accepted by the
// schema"), and the edit act asks it again on the state it commits on.
import type { ToolRefusal } from '@warrant/surface';
import { outOfScope } from './call-refusals.ts';
import { sortFieldIds, type BoardState } from './state.ts';
import { isFieldId } from './validate.ts';
import { unknownFields } from './value-refusals.ts';

/**
 * The field names of an edit, judged before any value is: a name that is no field gives
 * UNKNOWN_FIELD, a field outside the frame gives OUT_OF_SCOPE, and either rejects the whole batch.
 */
export function framedOnly(state: BoardState, names: readonly string[]): ToolRefusal | null {
  const unknown = names.filter((name) => !isFieldId(name));
  if (unknown.length > 0) return unknownFields(unknown);
  const outside = sortFieldIds(names.filter(isFieldId).filter((id) => !state.scope.includes(id)));
  return outside.length > 0 ? outOfScope(state, outside) : null;
}

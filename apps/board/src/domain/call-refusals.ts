// What a tool call hears before its act runs, when the capability it holds does not cover what it
// asks: a field outside the frame, or a frame from before a reset. Worded here and nowhere else;
// the edit tool's precheck needs these from the page's first task on.
import { refusal, type ToolRefusal } from '@warrant/surface';
import type { FieldId } from './fields.ts';
import type { BoardState } from './state.ts';

/** A capability granted before a reset: the frame it was bound to belongs to the board's last generation. */
export function resetSince(registered: BoardState, live: BoardState): ToolRefusal | null {
  if (registered.generation === live.generation) return null;
  return refusal(
    'SCOPE_STALE',
    `This tool was granted under scope v${registered.scopeVersion} before the human reset the board; that frame no longer exists. ` +
      `Nothing was changed. Read the current scope (v${live.scopeVersion}) again and use the tools registered for it.`,
    { registeredScopeVersion: registered.scopeVersion, expectedScopeVersion: live.scopeVersion, reset: true },
  );
}

export function outOfScope(state: BoardState, ids: readonly FieldId[]): ToolRefusal {
  return refusal(
    'OUT_OF_SCOPE',
    `${ids.join(', ')} ${ids.length === 1 ? 'is' : 'are'} outside the human's frame (scope v${state.scopeVersion}: ${state.scope.join(', ') || 'nothing'}). ` +
      'The whole batch was rejected; nothing was applied. Edit only framed fields, or call request_scope_expansion to ask the human for the others.',
    { outOfScope: ids, scope: state.scope, scopeVersion: state.scopeVersion },
  );
}

// The desk's verbs in order right now, as the bridge manifest states them: each row declared
// exactly as the kernel registers it (title, description and schema in this state, annotations as
// hints), with its purpose and return shape. Built from the rows, so it holds in every WebMCP
// mode, including none.
import type { Row } from '@warrant/surface';
import type { BridgeDeclaration } from '@warrant/webmcp';
import type { DeskState } from '../../domain/state.ts';
import { VERB_NOTES } from './verb-notes.ts';

export function bridgeDeclarations(rows: readonly Row<DeskState>[], state: DeskState): BridgeDeclaration[] {
  return rows
    .filter((row) => row.verdict(state).legal)
    .map((row) => {
      const notes = VERB_NOTES[row.name as keyof typeof VERB_NOTES];
      if (!notes) throw new Error(`${row.name} has no purpose and return shape for the bridge manifest.`);
      return {
        name: row.name,
        title: row.title,
        description: row.description(state),
        inputSchema: row.inputSchema(state),
        hints: row.kind === 'imperative' ? { ...row.annotations } : {},
        ...notes,
      };
    });
}

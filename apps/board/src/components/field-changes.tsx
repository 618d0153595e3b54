// A list of field changes as the board shows them: each field's label, the text it had struck
// through, the text it has now. A review's diff and a published version's changes read alike.
import { InertText } from '@warrant/ui';
import type { FieldChange } from '../domain/state.ts';

export function FieldChanges({ changes }: { readonly changes: readonly FieldChange[] }) {
  return (
    <ul class="diff-list">
      {changes.map((change) => (
        <li key={change.fieldId} data-field={change.fieldId}>
          <span class="diff-label">{change.label}</span>
          <del>
            <InertText text={change.before} />
          </del>
          <ins>
            <InertText text={change.after} />
          </ins>
        </li>
      ))}
    </ul>
  );
}

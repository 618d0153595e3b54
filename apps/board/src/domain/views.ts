// What the two read tools answer: the whole board, and the human's frame with the next step.
// Which fields the agent may write is what rule() says of the edit tool, nothing else. Both say
// which tools are in order now, as the page lists them, so an answer never disagrees with the
// screen.
import { FIELD_IDS, FIELDS, type FieldId } from './fields.ts';
import { rule } from './rule.ts';
import { derive, type BoardState } from './state.ts';
import { labels, UNTRUSTED_NOTE } from './wording.ts';

const writable = (state: BoardState): readonly FieldId[] =>
  rule(state, 'edit_scoped_fields').legal ? derive(state).scoped : [];

/** The tools in order as the page lists them, by name. */
function toolsInOrder(names: readonly string[]) {
  const sorted = [...names].sort();
  return { count: sorted.length, names: sorted };
}

export function workspaceView(state: BoardState, inOrder: readonly string[]) {
  const canWrite = new Set<FieldId>(writable(state));
  return {
    ok: true as const,
    phase: state.phase,
    brief: state.brief,
    fields: FIELDS.map((field) => ({
      id: field.id,
      label: field.label,
      kind: field.kind,
      maxLength: field.maxLength,
      takes: field.help,
      value: state.fields[field.id],
      agentAccess: canWrite.has(field.id) ? ('write' as const) : ('read' as const),
    })),
    scope: state.scope,
    scopeVersion: state.scopeVersion,
    pendingExpansion: state.pendingExpansion
      ? {
          requestId: state.pendingExpansion.id,
          fields: state.pendingExpansion.fields,
          reason: state.pendingExpansion.reason,
        }
      : null,
    review: state.review ? { reviewId: state.review.reviewId, submittedAt: state.review.submittedAt } : null,
    changes: derive(state).diff,
    toolsInOrder: toolsInOrder(inOrder),
    note: UNTRUSTED_NOTE,
  };
}

export function scopeView(state: BoardState, inOrder: readonly string[]) {
  const editable = writable(state);
  const entry = (id: FieldId) => ({ id, label: labels([id]) });
  return {
    ok: true as const,
    phase: state.phase,
    scopeVersion: state.scopeVersion,
    editableFields: editable.map(entry),
    readOnlyFields: FIELD_IDS.filter((id) => !editable.includes(id)).map(entry),
    pendingHumanDecision: state.pendingExpansion
      ? { requestId: state.pendingExpansion.id, fields: state.pendingExpansion.fields }
      : null,
    toolsInOrder: toolsInOrder(inOrder),
    nextStep: nextStep(state),
  };
}

function nextStep(state: BoardState): string {
  if (state.phase === 'ACCEPTED') return 'The human accepted the review. There is nothing left to do on this board.';
  if (state.phase === 'REVIEW')
    return 'The changes are with the human for review. Wait; you cannot accept or return a review.';
  if (state.pendingExpansion)
    return `Your request for ${labels(state.pendingExpansion.fields)} is waiting for the human. Do not ask again.`;
  const editable = writable(state);
  if (editable.length === 0)
    return 'Nothing is framed, so you cannot write. Only the human can frame fields, on the board.';
  const tail = rule(state, 'submit_changes_for_review').legal
    ? ' When the changes are ready, submit them for review.'
    : '';
  return `Edit ${labels(editable)} with edit_scoped_fields and scopeVersion ${state.scopeVersion}.${tail}`;
}

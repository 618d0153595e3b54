// The acts that grant the agent something are an editor's passkey over the exact grant, never a
// session's: framing fields (which fields, from which scope version), granting an expansion (which
// request, which fields, from which version) and accepting a review (which review, and the digest
// of what it holds). The server writes the grant's statement from its own board, the editor's
// passkey signs it, and the server decides the act only if the board still makes the same
// statement. Keeping a frame, denying a request, returning a review and a reset narrow what the
// agent may do: a session does those.
import { canonicalDigest, canonicalJson } from '@warrant/authority';
import type { PersonAct } from '@warrant/people';
import type { BoardAct } from './board-acts.ts';
import { sortFieldIds, type BoardState } from './state.ts';
import { isFieldId } from './validate.ts';

/** The person act a grant is confirmed as, or null for an act a session may do. */
export function grantKind(
  act: BoardAct,
): Extract<PersonAct, 'frame_fields' | 'grant_expansion' | 'accept_review'> | null {
  if (act.act === 'frame_fields') return 'frame_fields';
  if (act.act === 'decide_expansion' && act.decision === 'approve') return 'grant_expansion';
  if (act.act === 'decide_review' && act.decision === 'accept') return 'accept_review';
  return null;
}

/** The exact grant `act` makes on `state`, as the statement's subject (RFC 8785 JSON); null for no grant. */
export function grantStatement(state: BoardState, act: BoardAct): string | null {
  const basis = { generation: state.generation, fromScopeVersion: state.scopeVersion };
  if (act.act === 'frame_fields')
    return canonicalJson({ grant: 'frame_fields', ...basis, fields: sortFieldIds(act.ids.filter(isFieldId)) });
  if (act.act === 'decide_expansion' && act.decision === 'approve') {
    const pending = state.pendingExpansion;
    return pending
      ? canonicalJson({ grant: 'grant_expansion', ...basis, requestId: pending.id, fields: [...pending.fields] })
      : null;
  }
  if (act.act === 'decide_review' && act.decision === 'accept') {
    const review = state.review;
    return review && review.reviewId === act.reviewId
      ? canonicalJson({ grant: 'accept_review', reviewId: review.reviewId, contentDigest: canonicalDigest(review) })
      : null;
  }
  return null;
}

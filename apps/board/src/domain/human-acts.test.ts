import { describe, expect, it } from 'vitest';
import { derive } from './state.ts';
import { ok, refused, stages } from './test-support.ts';

// The human's acts, called as the page calls them: each either commits a new state with one log
// entry (two when it closes a waiting request) or refuses and hands back the very same state.

describe('setScope', () => {
  it('frames fields sorted and unique, and bumps the version', () => {
    const { human, fresh } = stages();
    const step = human.setScope(fresh, ['description', 'headline', 'description']);
    expect(step.result).toMatchObject({
      ok: true,
      code: 'SCOPE_UPDATED',
      scope: ['headline', 'description'],
      scopeVersion: 1,
      supersededRequestId: null,
    });
    expect(step.state.scope).toEqual(['headline', 'description']);
    expect(step.state.scopeVersion).toBe(1);
    expect(step.state.activity.at(-1)).toMatchObject({
      actor: 'human',
      type: 'SCOPE_CHANGED',
      details: { scope: ['headline', 'description'], scopeVersion: 1 },
    });
  });

  it('can clear the frame, which is still a new version', () => {
    const { human, framed } = stages();
    const step = human.setScope(framed, []);
    expect(step.state).toMatchObject({ scope: [], scopeVersion: 2 });
  });

  it('supersedes a waiting expansion request, and logs it', () => {
    const { human, pending } = stages();
    const requestId = pending.pendingExpansion?.id;
    const step = human.setScope(pending, ['headline']);
    expect(step.result).toMatchObject({ ok: true, scopeVersion: 2, supersededRequestId: requestId });
    expect(step.state.pendingExpansion).toBeNull();
    expect(step.state.activity.slice(-2).map((entry) => entry.type)).toEqual(['EXPANSION_SUPERSEDED', 'SCOPE_CHANGED']);
  });

  it('refuses BOARD_NOT_DRAFT in review and once accepted', () => {
    const { human, inReview, accepted } = stages();
    refused(inReview, (s) => human.setScope(s, ['price']), 'BOARD_NOT_DRAFT');
    refused(accepted, (s) => human.setScope(s, ['price']), 'BOARD_NOT_DRAFT');
  });

  it('refuses SCOPE_UNCHANGED, UNKNOWN_FIELD and INVALID_VALUE', () => {
    const { human, framed } = stages();
    refused(framed, (s) => human.setScope(s, ['description', 'headline']), 'SCOPE_UNCHANGED');
    expect(refused(framed, (s) => human.setScope(s, ['headline', 'colour']), 'UNKNOWN_FIELD').details).toMatchObject({
      unknownFields: ['colour'],
    });
    refused(framed, (s) => human.setScope(s, 'headline'), 'INVALID_VALUE');
    refused(framed, (s) => human.setScope(s, [1]), 'INVALID_VALUE');
  });
});

describe('decideExpansion', () => {
  it('approval merges the fields into the frame and bumps the version', () => {
    const { human, pending } = stages();
    const requestId = pending.pendingExpansion?.id;
    const step = human.decideExpansion(pending, 'approve');
    expect(step.result).toMatchObject({
      ok: true,
      code: 'EXPANSION_APPROVED',
      requestId,
      decision: 'approved',
      permissionChanged: true,
      addedFields: ['launch_date'],
      scope: ['headline', 'description', 'launch_date'],
      scopeVersion: 2,
    });
    expect(step.state).toMatchObject({
      scope: ['headline', 'description', 'launch_date'],
      scopeVersion: 2,
      pendingExpansion: null,
    });
    expect(step.state.activity.at(-1)).toMatchObject({
      actor: 'human',
      type: 'EXPANSION_APPROVED',
      details: { requestId, scopeVersion: 2 },
    });
  });

  it('denial clears the request and keeps the frame and version', () => {
    const { human, pending } = stages();
    const step = human.decideExpansion(pending, 'deny');
    expect(step.result).toMatchObject({
      ok: true,
      code: 'EXPANSION_DENIED',
      decision: 'denied',
      permissionChanged: false,
      addedFields: [],
      scopeVersion: 1,
    });
    expect(step.state).toMatchObject({ scope: pending.scope, scopeVersion: 1, pendingExpansion: null });
  });

  it('refuses NO_PENDING_REQUEST and INVALID_DECISION', () => {
    const { human, edited, pending } = stages();
    refused(edited, (s) => human.decideExpansion(s, 'approve'), 'NO_PENDING_REQUEST');
    refused(pending, (s) => human.decideExpansion(s, 'yes'), 'INVALID_DECISION');
  });
});

describe('decideReview, bound to the exact review id', () => {
  it('accepts the review it names', () => {
    const { human, inReview, reviewId } = stages();
    const step = human.decideReview(inReview, 'accept', reviewId);
    expect(step.result).toMatchObject({ ok: true, code: 'REVIEW_ACCEPTED', reviewId, phase: 'ACCEPTED' });
    expect(step.state.phase).toBe('ACCEPTED');
    expect(step.state.acceptedAt).toEqual(expect.any(String));
    expect(step.state.activity.at(-1)).toMatchObject({ type: 'REVIEW_ACCEPTED', details: { reviewId } });
  });

  it('returns it to draft, keeping the edits and the frame', () => {
    const { human, inReview, edited, reviewId } = stages();
    const step = human.decideReview(inReview, 'return', reviewId);
    expect(step.result).toMatchObject({ ok: true, code: 'REVIEW_RETURNED', phase: 'DRAFT' });
    expect(step.state).toMatchObject({
      phase: 'DRAFT',
      review: null,
      fields: edited.fields,
      scope: edited.scope,
      scopeVersion: edited.scopeVersion,
    });
    expect(derive(step.state).hasChanges).toBe(true);
  });

  it('refuses REVIEW_ID_REQUIRED without an id and REVIEW_STALE with another, leaving the state unchanged', () => {
    const { human, inReview, reviewId } = stages();
    expect(refused(inReview, (s) => human.decideReview(s, 'accept', undefined), 'REVIEW_ID_REQUIRED').details).toEqual({
      activeReviewId: reviewId,
    });
    refused(inReview, (s) => human.decideReview(s, 'accept', ''), 'REVIEW_ID_REQUIRED');
    expect(refused(inReview, (s) => human.decideReview(s, 'return', 'review_old'), 'REVIEW_STALE').details).toEqual({
      activeReviewId: reviewId,
      presentedReviewId: 'review_old',
    });
  });

  it('refuses the old id after a return and resubmit, and accepts the new one', () => {
    const { human, agent, inReview, reviewId } = stages();
    const returned = ok(human.decideReview(inReview, 'return', reviewId));
    const resubmitted = ok(agent.submitForReview(returned));
    const newId = resubmitted.review?.reviewId;
    expect(newId).not.toBe(reviewId);
    refused(resubmitted, (s) => human.decideReview(s, 'accept', reviewId), 'REVIEW_STALE');
    expect(human.decideReview(resubmitted, 'accept', newId).result).toMatchObject({ ok: true, reviewId: newId });
  });

  it('refuses NO_ACTIVE_REVIEW outside REVIEW and INVALID_DECISION', () => {
    const { human, edited, accepted, inReview, reviewId } = stages();
    refused(edited, (s) => human.decideReview(s, 'accept', reviewId), 'NO_ACTIVE_REVIEW');
    refused(accepted, (s) => human.decideReview(s, 'return', reviewId), 'NO_ACTIVE_REVIEW');
    refused(inReview, (s) => human.decideReview(s, 'publish', reviewId), 'INVALID_DECISION');
  });
});

describe('reset', () => {
  it('restores the original values and returns to scope v0 with nothing framed, in a new generation, keeping the log', () => {
    const { human, accepted, fresh } = stages();
    const step = human.reset(accepted);
    expect(step.result).toMatchObject({ ok: true, code: 'BOARD_RESET', scopeVersion: 0, supersededRequestId: null });
    expect(step.state).toMatchObject({
      generation: accepted.generation + 1,
      fields: fresh.fields,
      phase: 'DRAFT',
      scope: [],
      scopeVersion: 0,
      pendingExpansion: null,
      review: null,
      acceptedAt: null,
    });
    expect(step.state.activity.slice(0, accepted.activity.length)).toEqual(accepted.activity);
    expect(step.state.activity.at(-1)).toMatchObject({
      type: 'BOARD_RESET',
      details: { scopeVersion: 0, generation: 1 },
    });
  });

  it('supersedes a waiting request and leaves nothing for the agent to write', () => {
    const { human, agent, pending } = stages();
    const step = human.reset(pending);
    expect(step.result).toMatchObject({ supersededRequestId: pending.pendingExpansion?.id });
    expect(step.state.activity.slice(-2).map((entry) => entry.type)).toEqual(['EXPANSION_SUPERSEDED', 'BOARD_RESET']);
    refused(step.state, (s) => agent.editScopedFields(s, { updates: { headline: 'x' } }), 'NOT_IN_ORDER');
  });

  it('is in order in every phase', () => {
    const { human, fresh, framed, pending, inReview, accepted } = stages();
    for (const state of [fresh, framed, pending, inReview, accepted])
      expect(human.reset(state).result).toMatchObject({ ok: true, code: 'BOARD_RESET' });
  });
});

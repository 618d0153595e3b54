import { describe, expect, it } from 'vitest';
import { derive, initialState } from './state.ts';
import { createActs } from './transitions.ts';
import { HEADLINE, ok, REASON, refused, stages, testEnv } from './test-support.ts';

describe('human: setScope', () => {
  it('frames fields sorted and unique, and bumps the version', () => {
    const { acts, fresh } = stages();
    const step = acts.setScope(fresh, ['description', 'headline', 'description']);
    expect(step.result).toMatchObject({ ok: true, code: 'SCOPE_UPDATED', scope: ['headline', 'description'], scopeVersion: 1, supersededRequestId: null });
    expect(step.state.scope).toEqual(['headline', 'description']);
    expect(step.state.scopeVersion).toBe(1);
    expect(step.state.activity.at(-1)).toMatchObject({ actor: 'human', type: 'SCOPE_CHANGED', details: { scope: ['headline', 'description'], scopeVersion: 1 } });
  });

  it('can clear the frame, which is still a new version', () => {
    const { acts, framed } = stages();
    const step = acts.setScope(framed, []);
    expect(step.state).toMatchObject({ scope: [], scopeVersion: 2 });
  });

  it('supersedes a waiting expansion request, and logs it', () => {
    const { acts, pending } = stages();
    const requestId = pending.pendingExpansion?.id;
    const step = acts.setScope(pending, ['headline']);
    expect(step.result).toMatchObject({ ok: true, scopeVersion: 2, supersededRequestId: requestId });
    expect(step.state.pendingExpansion).toBeNull();
    expect(step.state.activity.slice(-2).map((entry) => entry.type)).toEqual(['EXPANSION_SUPERSEDED', 'SCOPE_CHANGED']);
  });

  it('refuses BOARD_NOT_DRAFT in review and once accepted', () => {
    const { acts, inReview, accepted } = stages();
    refused(inReview, (s) => acts.setScope(s, ['price']), 'BOARD_NOT_DRAFT');
    refused(accepted, (s) => acts.setScope(s, ['price']), 'BOARD_NOT_DRAFT');
  });

  it('refuses SCOPE_UNCHANGED, UNKNOWN_FIELD and INVALID_VALUE', () => {
    const { acts, framed } = stages();
    refused(framed, (s) => acts.setScope(s, ['description', 'headline']), 'SCOPE_UNCHANGED');
    expect(refused(framed, (s) => acts.setScope(s, ['headline', 'colour']), 'UNKNOWN_FIELD').details).toMatchObject({ unknownFields: ['colour'] });
    refused(framed, (s) => acts.setScope(s, 'headline'), 'INVALID_VALUE');
    refused(framed, (s) => acts.setScope(s, [1]), 'INVALID_VALUE');
  });
});

describe('agent: editScopedFields', () => {
  it('applies framed edits atomically under the current version, trimming values', () => {
    const { acts, framed } = stages();
    const step = acts.editScopedFields(framed, { scopeVersion: 1, updates: { headline: `  ${HEADLINE} `, description: 'Short and warm.' } }, 1);
    expect(step.result).toEqual({
      ok: true,
      code: 'SCOPED_EDIT_APPLIED',
      message: expect.stringContaining('Applied 2 changes under scope v1'),
      scopeVersion: 1,
      changed: [
        { fieldId: 'headline', label: 'Headline', before: framed.fields.headline, after: HEADLINE },
        { fieldId: 'description', label: 'Description', before: framed.fields.description, after: 'Short and warm.' },
      ],
    });
    expect(step.state.fields).toEqual({ ...framed.fields, headline: HEADLINE, description: 'Short and warm.' });
    expect(step.state.activity.at(-1)).toMatchObject({ actor: 'agent', type: 'AGENT_EDITED', details: { scopeVersion: 1 } });
  });

  it('applies only the values that change', () => {
    const { acts, framed } = stages();
    const step = acts.editScopedFields(framed, { scopeVersion: 1, updates: { headline: HEADLINE, description: framed.fields.description } }, 1);
    expect(step.result).toMatchObject({ ok: true, changed: [{ fieldId: 'headline' }] });
  });

  it('rejects the whole batch when one field is out of scope (OUT_OF_SCOPE)', () => {
    const { acts, framed } = stages();
    const refusal = refused(
      framed,
      (s) => acts.editScopedFields(s, { scopeVersion: 1, updates: { headline: HEADLINE, launch_date: '2026-10-06' } }, 1),
      'OUT_OF_SCOPE',
    );
    expect(refusal.details).toEqual({ outOfScope: ['launch_date'], scope: ['headline', 'description'], scopeVersion: 1 });
    expect(refusal.message).toContain('request_scope_expansion');
  });

  it('rejects the whole batch when one value is invalid', () => {
    const { acts, framed } = stages();
    refused(framed, (s) => acts.editScopedFields(s, { scopeVersion: 1, updates: { headline: HEADLINE, description: '   ' } }, 1), 'EMPTY_VALUE');
  });

  it('refuses BOARD_NOT_DRAFT before anything else', () => {
    const { acts, inReview, accepted } = stages();
    const updates = { headline: 'x' };
    expect(refused(inReview, (s) => acts.editScopedFields(s, { scopeVersion: 1, updates }, 1), 'BOARD_NOT_DRAFT').message).toContain('in review');
    expect(refused(accepted, (s) => acts.editScopedFields(s, { scopeVersion: 99, updates }, 0), 'BOARD_NOT_DRAFT').message).toContain('accepted');
  });

  it('refuses SCOPE_STALE on a stale argued version or a stale registration', () => {
    const { acts, framed } = stages();
    const updates = { headline: HEADLINE };
    expect(refused(framed, (s) => acts.editScopedFields(s, { scopeVersion: 0, updates }, 1), 'SCOPE_STALE').details).toEqual({
      expectedScopeVersion: 1,
      receivedScopeVersion: 0,
      registeredScopeVersion: 1,
    });
    expect(refused(framed, (s) => acts.editScopedFields(s, { scopeVersion: 1, updates }, 0), 'SCOPE_STALE').details).toEqual({
      expectedScopeVersion: 1,
      receivedScopeVersion: 1,
      registeredScopeVersion: 0,
    });
    refused(framed, (s) => acts.editScopedFields(s, { updates }, 1), 'SCOPE_STALE');
    refused(framed, (s) => acts.editScopedFields(s, null, 1), 'SCOPE_STALE');
  });

  it('refuses an old capability after the human re-frames, even for a field still framed', () => {
    const { acts, framed } = stages();
    const reframed = ok(acts.setScope(framed, ['headline', 'description', 'price'])); // v2
    refused(reframed, (s) => acts.editScopedFields(s, { scopeVersion: 1, updates: { headline: HEADLINE } }, 1), 'SCOPE_STALE');
    refused(reframed, (s) => acts.editScopedFields(s, { scopeVersion: 2, updates: { headline: HEADLINE } }, 1), 'SCOPE_STALE');
    expect(acts.editScopedFields(reframed, { scopeVersion: 2, updates: { headline: HEADLINE } }, 2).result.ok).toBe(true);
  });

  it('refuses malformed or empty updates: INVALID_VALUE, NO_UPDATES', () => {
    const { acts, framed } = stages();
    refused(framed, (s) => acts.editScopedFields(s, { scopeVersion: 1 }, 1), 'INVALID_VALUE');
    refused(framed, (s) => acts.editScopedFields(s, { scopeVersion: 1, updates: [HEADLINE] }, 1), 'INVALID_VALUE');
    refused(framed, (s) => acts.editScopedFields(s, { scopeVersion: 1, updates: {} }, 1), 'NO_UPDATES');
  });

  it('refuses UNKNOWN_FIELD before judging scope', () => {
    const { acts, framed } = stages();
    const refusal = refused(framed, (s) => acts.editScopedFields(s, { scopeVersion: 1, updates: { colour: 'red', price: '€1' } }, 1), 'UNKNOWN_FIELD');
    expect(refusal.details).toMatchObject({ unknownFields: ['colour'] });
  });

  it('refuses each invalid value with its code', () => {
    const { acts, fresh } = stages();
    const all = ok(acts.setScope(fresh, ['product_name', 'headline', 'description', 'audience', 'launch_date', 'price']));
    const edit = (updates: Record<string, unknown>) => (s: typeof all) => acts.editScopedFields(s, { scopeVersion: 1, updates }, 1);
    refused(all, edit({ headline: 42 }), 'INVALID_VALUE');
    refused(all, edit({ headline: 'two\nlines' }), 'INVALID_VALUE');
    refused(all, edit({ price: '' }), 'EMPTY_VALUE');
    expect(refused(all, edit({ headline: 'x'.repeat(81) }), 'VALUE_TOO_LONG').details).toMatchObject({ fieldId: 'headline', length: 81, maxLength: 80 });
    refused(all, edit({ launch_date: '6 October 2026' }), 'INVALID_DATE');
    refused(all, edit({ launch_date: '2026-02-30' }), 'INVALID_DATE');
  });

  it('refuses NO_CHANGE when every value is already current', () => {
    const { acts, framed } = stages();
    refused(framed, (s) => acts.editScopedFields(s, { scopeVersion: 1, updates: { headline: ` ${s.fields.headline}` } }, 1), 'NO_CHANGE');
  });
});

describe('agent: requestScopeExpansion', () => {
  it('records the request and never grants: the scope and version stay as they were', () => {
    const { acts, edited } = stages();
    const step = acts.requestScopeExpansion(edited, { scopeVersion: 1, fields: ['price', 'launch_date', 'price'], reason: `  ${REASON}  ` }, 1);
    expect(step.result).toMatchObject({ ok: true, code: 'EXPANSION_REQUESTED', fields: ['launch_date', 'price'], reason: REASON, basedOnScopeVersion: 1 });
    expect(step.state.pendingExpansion).toMatchObject({ fields: ['launch_date', 'price'], reason: REASON, basedOnScopeVersion: 1 });
    expect(step.state.pendingExpansion?.id).toMatch(/^expansion_/);
    expect(step.state.scope).toEqual(edited.scope);
    expect(step.state.scopeVersion).toBe(edited.scopeVersion);
    expect(step.state.activity.at(-1)).toMatchObject({ actor: 'agent', type: 'EXPANSION_REQUESTED' });
  });

  it('refuses BOARD_NOT_DRAFT, SCOPE_STALE and EXPANSION_PENDING', () => {
    const { acts, inReview, edited, pending } = stages();
    const input = { scopeVersion: 1, fields: ['price'], reason: REASON };
    refused(inReview, (s) => acts.requestScopeExpansion(s, input, 1), 'BOARD_NOT_DRAFT');
    refused(edited, (s) => acts.requestScopeExpansion(s, { ...input, scopeVersion: 0 }, 1), 'SCOPE_STALE');
    refused(edited, (s) => acts.requestScopeExpansion(s, input, 2), 'SCOPE_STALE');
    expect(refused(pending, (s) => acts.requestScopeExpansion(s, input, 1), 'EXPANSION_PENDING').details).toMatchObject({
      requestId: pending.pendingExpansion?.id,
    });
  });

  it('refuses NO_FIELDS, INVALID_VALUE, UNKNOWN_FIELD, ALREADY_SCOPED, REASON_REQUIRED and VALUE_TOO_LONG', () => {
    const { acts, edited } = stages();
    const ask = (fields: unknown, reason: unknown = REASON) => (s: typeof edited) => acts.requestScopeExpansion(s, { scopeVersion: 1, fields, reason }, 1);
    refused(edited, ask([]), 'NO_FIELDS');
    refused(edited, ask(undefined), 'NO_FIELDS');
    refused(edited, ask('price'), 'INVALID_VALUE');
    refused(edited, ask(['price', 'colour']), 'UNKNOWN_FIELD');
    expect(refused(edited, ask(['price', 'headline']), 'ALREADY_SCOPED').details).toEqual({ alreadyScoped: ['headline'] });
    refused(edited, ask(['price'], '  short  '), 'REASON_REQUIRED');
    refused(edited, ask(['price'], null), 'REASON_REQUIRED');
    refused(edited, (s) => acts.requestScopeExpansion(s, { scopeVersion: 1, fields: ['price'] }, 1), 'REASON_REQUIRED');
    refused(edited, ask(['price'], 'r'.repeat(281)), 'VALUE_TOO_LONG');
    expect(acts.requestScopeExpansion(edited, { scopeVersion: 1, fields: ['price'], reason: 'r'.repeat(280) }, 1).result.ok).toBe(true);
  });
});

describe('human: decideExpansion', () => {
  it('approval merges the fields into the frame and bumps the version', () => {
    const { acts, pending } = stages();
    const requestId = pending.pendingExpansion?.id;
    const step = acts.decideExpansion(pending, 'approve');
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
    expect(step.state).toMatchObject({ scope: ['headline', 'description', 'launch_date'], scopeVersion: 2, pendingExpansion: null });
    expect(step.state.activity.at(-1)).toMatchObject({ actor: 'human', type: 'EXPANSION_APPROVED', details: { requestId, scopeVersion: 2 } });
  });

  it('denial clears the request and keeps the frame and version', () => {
    const { acts, pending } = stages();
    const step = acts.decideExpansion(pending, 'deny');
    expect(step.result).toMatchObject({ ok: true, code: 'EXPANSION_DENIED', decision: 'denied', permissionChanged: false, addedFields: [], scopeVersion: 1 });
    expect(step.state).toMatchObject({ scope: pending.scope, scopeVersion: 1, pendingExpansion: null });
  });

  it('refuses NO_PENDING_REQUEST and INVALID_DECISION', () => {
    const { acts, edited, pending } = stages();
    refused(edited, (s) => acts.decideExpansion(s, 'approve'), 'NO_PENDING_REQUEST');
    refused(pending, (s) => acts.decideExpansion(s, 'yes'), 'INVALID_DECISION');
  });
});

describe('agent: submitForReview', () => {
  it('moves to REVIEW with a review id and the diff, and says nothing was published', () => {
    const { acts, edited } = stages();
    const step = acts.submitForReview(edited, { scopeVersion: 1 }, 1);
    expect(step.result).toMatchObject({
      ok: true,
      code: 'REVIEW_SUBMITTED',
      message: expect.stringContaining('Nothing has been published'),
      scopeVersion: 1,
      diff: [{ fieldId: 'headline', after: HEADLINE }],
    });
    expect(step.state.phase).toBe('REVIEW');
    expect(step.state.review?.reviewId).toMatch(/^review_/);
    expect(step.state.acceptedAt).toBeNull();
  });

  it('refuses BOARD_NOT_DRAFT, SCOPE_STALE, HUMAN_DECISION_PENDING and NO_CHANGES', () => {
    const { acts, framed, edited, pending, inReview } = stages();
    refused(inReview, (s) => acts.submitForReview(s, { scopeVersion: 1 }, 1), 'BOARD_NOT_DRAFT');
    refused(edited, (s) => acts.submitForReview(s, { scopeVersion: 2 }, 1), 'SCOPE_STALE');
    refused(edited, (s) => acts.submitForReview(s, { scopeVersion: 1 }, 0), 'SCOPE_STALE');
    refused(pending, (s) => acts.submitForReview(s, { scopeVersion: 1 }, 1), 'HUMAN_DECISION_PENDING');
    refused(framed, (s) => acts.submitForReview(s, { scopeVersion: 1 }, 1), 'NO_CHANGES');
  });
});

describe('human: decideReview, bound to the exact review id', () => {
  it('accepts the review it names', () => {
    const { acts, inReview, reviewId } = stages();
    const step = acts.decideReview(inReview, 'accept', reviewId);
    expect(step.result).toMatchObject({ ok: true, code: 'REVIEW_ACCEPTED', reviewId, phase: 'ACCEPTED' });
    expect(step.state.phase).toBe('ACCEPTED');
    expect(step.state.acceptedAt).toEqual(expect.any(String));
    expect(step.state.activity.at(-1)).toMatchObject({ type: 'REVIEW_ACCEPTED', details: { reviewId } });
  });

  it('returns it to draft, keeping the edits and the frame', () => {
    const { acts, inReview, edited, reviewId } = stages();
    const step = acts.decideReview(inReview, 'return', reviewId);
    expect(step.result).toMatchObject({ ok: true, code: 'REVIEW_RETURNED', phase: 'DRAFT' });
    expect(step.state).toMatchObject({ phase: 'DRAFT', review: null, fields: edited.fields, scope: edited.scope, scopeVersion: edited.scopeVersion });
    expect(derive(step.state).hasChanges).toBe(true);
  });

  it('refuses REVIEW_ID_REQUIRED without an id and REVIEW_STALE with another, leaving the state unchanged', () => {
    const { acts, inReview, reviewId } = stages();
    expect(refused(inReview, (s) => acts.decideReview(s, 'accept', undefined), 'REVIEW_ID_REQUIRED').details).toEqual({ activeReviewId: reviewId });
    refused(inReview, (s) => acts.decideReview(s, 'accept', ''), 'REVIEW_ID_REQUIRED');
    expect(refused(inReview, (s) => acts.decideReview(s, 'return', 'review_old'), 'REVIEW_STALE').details).toEqual({
      activeReviewId: reviewId,
      presentedReviewId: 'review_old',
    });
  });

  it('refuses the old id after a return and resubmit, and accepts the new one', () => {
    const { acts, inReview, reviewId } = stages();
    const returned = ok(acts.decideReview(inReview, 'return', reviewId));
    const resubmitted = ok(acts.submitForReview(returned, { scopeVersion: 1 }, 1));
    const newId = resubmitted.review?.reviewId;
    expect(newId).not.toBe(reviewId);
    refused(resubmitted, (s) => acts.decideReview(s, 'accept', reviewId), 'REVIEW_STALE');
    expect(acts.decideReview(resubmitted, 'accept', newId).result).toMatchObject({ ok: true, reviewId: newId });
  });

  it('refuses NO_ACTIVE_REVIEW outside REVIEW and INVALID_DECISION', () => {
    const { acts, edited, accepted, inReview, reviewId } = stages();
    refused(edited, (s) => acts.decideReview(s, 'accept', reviewId), 'NO_ACTIVE_REVIEW');
    refused(accepted, (s) => acts.decideReview(s, 'return', reviewId), 'NO_ACTIVE_REVIEW');
    refused(inReview, (s) => acts.decideReview(s, 'publish', reviewId), 'INVALID_DECISION');
  });
});

describe('human: reset', () => {
  it('restores the original values and an empty frame, under a new version, keeping the log', () => {
    const { acts, accepted, fresh } = stages();
    const step = acts.reset(accepted);
    expect(step.result).toMatchObject({ ok: true, code: 'BOARD_RESET', scopeVersion: accepted.scopeVersion + 1, supersededRequestId: null });
    expect(step.state).toMatchObject({
      fields: fresh.fields,
      phase: 'DRAFT',
      scope: [],
      scopeVersion: accepted.scopeVersion + 1,
      pendingExpansion: null,
      review: null,
      acceptedAt: null,
    });
    expect(step.state.activity.slice(0, accepted.activity.length)).toEqual(accepted.activity);
    expect(step.state.activity.at(-1)?.type).toBe('BOARD_RESET');
  });

  it('supersedes a waiting request, so no capability from before it can match', () => {
    const { acts, pending } = stages();
    const step = acts.reset(pending);
    expect(step.result).toMatchObject({ supersededRequestId: pending.pendingExpansion?.id });
    expect(step.state.activity.slice(-2).map((entry) => entry.type)).toEqual(['EXPANSION_SUPERSEDED', 'BOARD_RESET']);
    refused(step.state, (s) => acts.editScopedFields(s, { scopeVersion: 1, updates: { headline: 'x' } }, 1), 'SCOPE_STALE');
  });
});

describe('system: noteWaitEnded', () => {
  it('logs that the agent stopped waiting and leaves the request open', () => {
    const { acts, pending } = stages();
    const requestId = pending.pendingExpansion?.id ?? '';
    const step = acts.noteWaitEnded(pending, requestId, 'HUMAN_DECISION_TIMEOUT');
    expect(step.result).toMatchObject({ ok: true, code: 'WAIT_NOTED', requestId });
    expect(step.state.pendingExpansion).toBe(pending.pendingExpansion);
    expect(step.state.activity.at(-1)).toMatchObject({ actor: 'system', type: 'EXPANSION_WAIT_ENDED', details: { requestId, code: 'HUMAN_DECISION_TIMEOUT' } });
  });

  it('refuses NO_PENDING_REQUEST for a request no longer waiting', () => {
    const { acts, pending, edited } = stages();
    refused(edited, (s) => acts.noteWaitEnded(s, 'expansion_gone', 'X'), 'NO_PENDING_REQUEST');
    refused(pending, (s) => acts.noteWaitEnded(s, 'expansion_other', 'X'), 'NO_PENDING_REQUEST');
  });
});

describe('ids and time come from the environment', () => {
  it('builds the same board from the same environment', () => {
    const run = () => {
      const env = testEnv();
      const acts = createActs(env);
      const framed = acts.setScope(initialState(env), ['price']).state;
      return acts.editScopedFields(framed, { scopeVersion: 1, updates: { price: '€69' } }, 1).state;
    };
    expect(run()).toEqual(run());
  });
});

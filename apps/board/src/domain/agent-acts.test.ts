import { describe, expect, it } from 'vitest';
import { attemptToRecord, createAgentActs } from './agent-acts.ts';
import { framedOnly } from './frame-check.ts';
import { createHumanActs } from './human-acts.ts';
import { initialState } from './state.ts';
import { HEADLINE, ok, REASON, refused, stages, testEnv } from './test-support.ts';

// The agent's acts on input its tool's schema has already admitted. The version binding and the
// schema are the kernel's (rows.test.ts calls them through it); these are the rules no schema can
// state, and the legality every act reads from rule().

describe('editScopedFields', () => {
  it('applies framed edits atomically, trimming values, and reports the new values', () => {
    const { agent, framed } = stages();
    const step = agent.editScopedFields(framed, {
      updates: { headline: `  ${HEADLINE} `, description: 'Short and warm.' },
    });
    expect(step.result).toEqual({
      ok: true,
      code: 'SCOPED_EDIT_APPLIED',
      message: expect.stringContaining('Applied 2 changes under scope v1'),
      phase: 'DRAFT',
      scopeVersion: 1,
      changed: [
        { fieldId: 'headline', label: 'Headline', before: framed.fields.headline, after: HEADLINE },
        { fieldId: 'description', label: 'Description', before: framed.fields.description, after: 'Short and warm.' },
      ],
      changedValues: { headline: HEADLINE, description: 'Short and warm.' },
    });
    expect(step.state.fields).toEqual({ ...framed.fields, headline: HEADLINE, description: 'Short and warm.' });
    expect(step.state.activity.at(-1)).toMatchObject({
      actor: 'agent',
      type: 'AGENT_EDITED',
      details: { scopeVersion: 1 },
    });
  });

  it('applies only the values that change', () => {
    const { agent, framed } = stages();
    const step = agent.editScopedFields(framed, {
      updates: { headline: HEADLINE, description: framed.fields.description },
    });
    expect(step.result).toMatchObject({
      ok: true,
      changed: [{ fieldId: 'headline' }],
      changedValues: { headline: HEADLINE },
    });
  });

  it('rejects the whole batch when one field is out of scope (OUT_OF_SCOPE)', () => {
    const { agent, framed } = stages();
    const refusal = refused(
      framed,
      (s) => agent.editScopedFields(s, { updates: { headline: HEADLINE, launch_date: '2026-10-06' } }),
      'OUT_OF_SCOPE',
    );
    expect(refusal.details).toEqual({
      outOfScope: ['launch_date'],
      scope: ['headline', 'description'],
      scopeVersion: 1,
    });
    expect(refusal.message).toContain('request_scope_expansion');
  });

  it('rejects the whole batch when one value is invalid', () => {
    const { agent, framed } = stages();
    refused(
      framed,
      (s) => agent.editScopedFields(s, { updates: { headline: HEADLINE, description: '   ' } }),
      'EMPTY_VALUE',
    );
  });

  it('refuses BOARD_NOT_DRAFT in review and once accepted, and NOT_IN_ORDER with nothing framed', () => {
    const { agent, inReview, accepted, fresh } = stages();
    const updates = { headline: 'x' };
    expect(refused(inReview, (s) => agent.editScopedFields(s, { updates }), 'BOARD_NOT_DRAFT').message).toContain(
      'in review',
    );
    expect(refused(accepted, (s) => agent.editScopedFields(s, { updates }), 'BOARD_NOT_DRAFT').message).toContain(
      'accepted',
    );
    expect(refused(fresh, (s) => agent.editScopedFields(s, { updates }), 'NOT_IN_ORDER').message).toContain(
      'Nothing is framed',
    );
  });

  it('refuses NO_UPDATES when no field is named', () => {
    const { agent, framed } = stages();
    expect(refused(framed, (s) => agent.editScopedFields(s, { updates: {} }), 'NO_UPDATES').details).toEqual({
      scope: ['headline', 'description'],
    });
  });

  it('refuses each value its field does not accept, with its code', () => {
    const { human, agent, fresh } = stages();
    const all = ok(
      human.setScope(fresh, ['product_name', 'headline', 'description', 'audience', 'launch_date', 'price']),
    );
    const edit = (updates: Record<string, string>) => (s: typeof all) => agent.editScopedFields(s, { updates });
    refused(all, edit({ headline: 'two\nlines' }), 'INVALID_VALUE');
    refused(all, edit({ price: '' }), 'EMPTY_VALUE');
    expect(refused(all, edit({ headline: 'x'.repeat(81) }), 'VALUE_TOO_LONG').details).toMatchObject({
      fieldId: 'headline',
      length: 81,
      maxLength: 80,
    });
    refused(all, edit({ launch_date: '6 October 2026' }), 'INVALID_DATE');
    refused(all, edit({ launch_date: '2026-02-30' }), 'INVALID_DATE');
  });

  it('refuses NO_CHANGE when every value is already current', () => {
    const { agent, framed } = stages();
    refused(framed, (s) => agent.editScopedFields(s, { updates: { headline: ` ${s.fields.headline}` } }), 'NO_CHANGE');
  });
});

describe('framedOnly: the field names of an edit, judged before any value', () => {
  it('names unknown fields first (UNKNOWN_FIELD), then unframed ones (OUT_OF_SCOPE), and passes framed ones', () => {
    const { framed } = stages();
    expect(framedOnly(framed, ['colour', 'price'])).toMatchObject({
      ok: false,
      isError: true,
      code: 'UNKNOWN_FIELD',
      details: { unknownFields: ['colour'] },
    });
    expect(framedOnly(framed, ['price', 'headline', 'audience'])).toMatchObject({
      code: 'OUT_OF_SCOPE',
      details: { outOfScope: ['audience', 'price'] },
    });
    expect(framedOnly(framed, ['description', 'headline'])).toBeNull();
  });
});

describe('requestScopeExpansion', () => {
  it('records the request and never grants: the scope and version stay as they were', () => {
    const { agent, edited } = stages();
    const step = agent.requestScopeExpansion(edited, {
      fields: ['price', 'launch_date', 'price'],
      reason: `  ${REASON}  `,
    });
    expect(step.result).toMatchObject({
      ok: true,
      code: 'EXPANSION_REQUESTED',
      fields: ['launch_date', 'price'],
      reason: REASON,
      basedOnScopeVersion: 1,
    });
    expect(step.state.pendingExpansion).toMatchObject({
      fields: ['launch_date', 'price'],
      reason: REASON,
      basedOnScopeVersion: 1,
    });
    expect(step.state.pendingExpansion?.id).toMatch(/^expansion_/);
    expect(step.state.scope).toEqual(edited.scope);
    expect(step.state.scopeVersion).toBe(edited.scopeVersion);
    expect(step.state.activity.at(-1)).toMatchObject({ actor: 'agent', type: 'EXPANSION_REQUESTED' });
  });

  it('refuses BOARD_NOT_DRAFT, EXPANSION_PENDING, and NOT_IN_ORDER with nothing framed or nothing left to frame', () => {
    const { human, agent, inReview, pending, fresh, edited } = stages();
    const input = { fields: ['price' as const], reason: REASON };
    refused(inReview, (s) => agent.requestScopeExpansion(s, input), 'BOARD_NOT_DRAFT');
    expect(refused(pending, (s) => agent.requestScopeExpansion(s, input), 'EXPANSION_PENDING').details).toMatchObject({
      requestId: pending.pendingExpansion?.id,
    });
    expect(refused(fresh, (s) => agent.requestScopeExpansion(s, input), 'NOT_IN_ORDER').message).toContain(
      'Nothing is framed',
    );
    const all = ok(
      human.setScope(edited, ['product_name', 'headline', 'description', 'audience', 'launch_date', 'price']),
    );
    expect(refused(all, (s) => agent.requestScopeExpansion(s, input), 'NOT_IN_ORDER').message).toContain(
      'Every field is already framed',
    );
  });

  it('refuses NO_FIELDS, ALREADY_SCOPED and REASON_REQUIRED, and takes a reason of the full length', () => {
    const { agent, edited } = stages();
    const ask =
      (fields: Parameters<typeof agent.requestScopeExpansion>[1]['fields'], reason = REASON) =>
      (s: typeof edited) =>
        agent.requestScopeExpansion(s, { fields, reason });
    expect(refused(edited, ask([]), 'NO_FIELDS').details).toEqual({
      unframed: ['product_name', 'audience', 'launch_date', 'price'],
    });
    expect(refused(edited, ask(['price', 'headline']), 'ALREADY_SCOPED').details).toEqual({
      alreadyScoped: ['headline'],
    });
    // The schema counts the reason as sent; the human reads it without its padding.
    refused(edited, ask(['price'], '  short  '), 'REASON_REQUIRED');
    expect(agent.requestScopeExpansion(edited, { fields: ['price'], reason: 'r'.repeat(280) }).result.ok).toBe(true);
  });
});

describe('submitForReview', () => {
  it('moves to REVIEW with a review id and the diff, and says nothing was published', () => {
    const { agent, edited } = stages();
    const step = agent.submitForReview(edited);
    expect(step.result).toMatchObject({
      ok: true,
      code: 'REVIEW_SUBMITTED',
      message: expect.stringContaining('Nothing has been published'),
      phase: 'REVIEW',
      scopeVersion: 1,
      diff: [{ fieldId: 'headline', after: HEADLINE }],
    });
    expect(step.state.phase).toBe('REVIEW');
    expect(step.state.review?.reviewId).toMatch(/^review_/);
    expect(step.state.acceptedAt).toBeNull();
  });

  it('refuses BOARD_NOT_DRAFT, HUMAN_DECISION_PENDING and NO_CHANGES', () => {
    const { agent, framed, pending, inReview } = stages();
    refused(inReview, (s) => agent.submitForReview(s), 'BOARD_NOT_DRAFT');
    expect(refused(pending, (s) => agent.submitForReview(s), 'HUMAN_DECISION_PENDING').details).toEqual({
      requestId: pending.pendingExpansion?.id,
    });
    refused(framed, (s) => agent.submitForReview(s), 'NO_CHANGES');
  });
});

describe('noteWaitEnded (the system, when the agent stops waiting)', () => {
  it('logs that the agent stopped waiting and leaves the request open', () => {
    const { agent, pending } = stages();
    const requestId = pending.pendingExpansion?.id ?? '';
    const step = agent.noteWaitEnded(pending, requestId, 'HUMAN_DECISION_TIMEOUT');
    expect(step.result).toMatchObject({ ok: true, code: 'WAIT_NOTED', requestId });
    expect(step.state.pendingExpansion).toBe(pending.pendingExpansion);
    expect(step.state.activity.at(-1)).toMatchObject({
      actor: 'system',
      type: 'EXPANSION_WAIT_ENDED',
      details: { requestId, code: 'HUMAN_DECISION_TIMEOUT' },
    });
  });

  it('refuses NO_PENDING_REQUEST for a request no longer waiting', () => {
    const { agent, pending, edited } = stages();
    refused(edited, (s) => agent.noteWaitEnded(s, 'expansion_gone', 'X'), 'NO_PENDING_REQUEST');
    refused(pending, (s) => agent.noteWaitEnded(s, 'expansion_other', 'X'), 'NO_PENDING_REQUEST');
  });
});

describe('ids and time come from the environment', () => {
  it('builds the same board from the same environment', () => {
    const run = () => {
      const env = testEnv();
      const framed = createHumanActs(env).setScope(initialState(env), ['price']).state;
      return createAgentActs(env).editScopedFields(framed, { updates: { price: '€69' } }).state;
    };
    expect(run()).toEqual(run());
  });
});

describe('noteRefused', () => {
  const refusal = (code: string, details: Record<string, unknown> = {}) => ({
    ok: false as const,
    isError: true as const,
    code,
    message: 'm',
    details,
  });

  it('records an attempt outside the frame by the fields it named, and any other refused write by its code', () => {
    const { agent, framed } = stages();
    const outside = ok(
      agent.noteRefused(framed, {
        name: 'edit_scoped_fields',
        channel: 'webmcp',
        result: refusal('OUT_OF_SCOPE', { outOfScope: ['price', 'audience'] }),
      }),
    );
    expect(outside.activity.at(-1)).toMatchObject({
      actor: 'agent',
      type: 'AGENT_REFUSED',
      message: 'The agent tried to write Audience, Price, outside the frame (scope v1). Refused; nothing was changed.',
      details: {
        tool: 'edit_scoped_fields',
        code: 'OUT_OF_SCOPE',
        fields: ['audience', 'price'],
        scopeVersion: 1,
        channel: 'webmcp',
      },
    });
    expect(outside.fields).toBe(framed.fields);
    expect(outside.scope).toBe(framed.scope);
    const stale = ok(
      agent.noteRefused(framed, {
        name: 'submit_changes_for_review',
        channel: 'runner',
        result: refusal('SCOPE_STALE'),
      }),
    );
    expect(stale.activity.at(-1)).toMatchObject({
      message: "The agent's submission for review was refused (SCOPE_STALE); nothing was changed.",
      details: { fields: [] },
    });
  });

  it('leaves out what is not an attempt of the agent: a read, the end of a wait, a record another tab moved on', () => {
    expect(attemptToRecord({ name: 'edit_scoped_fields', channel: 'webmcp', result: refusal('OUT_OF_SCOPE') })).toBe(
      true,
    );
    expect(attemptToRecord({ name: 'inspect_workspace', channel: 'webmcp', result: refusal('TOOL_FAILED') })).toBe(
      false,
    );
    expect(
      attemptToRecord({
        name: 'request_scope_expansion',
        channel: 'webmcp',
        result: refusal('HUMAN_DECISION_TIMEOUT', { requestId: 'r' }),
      }),
    ).toBe(false);
    expect(
      attemptToRecord({ name: 'edit_scoped_fields', channel: 'webmcp', result: refusal('BOARD_SERVER_UNREACHABLE') }),
    ).toBe(false);
  });
});

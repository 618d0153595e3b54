import { describe, expect, it } from 'vitest';
import { HEADLINE, stages } from './test-support.ts';
import { scopeView, workspaceView } from './views.ts';

// What the two read tools answer in each stage of the demo.

/** The tools the page lists, as the reads are handed them (unsorted, as a page might hold them). */
const SHOWN = ['inspect_workspace', 'edit_scoped_fields', 'inspect_active_scope'];

describe('read outputs', () => {
  it('inspect_workspace shows every field with its access, the brief, the changes and any waiting request', () => {
    const { pending } = stages();
    const view = workspaceView(pending, SHOWN);
    expect(view).toMatchObject({
      ok: true,
      phase: 'DRAFT',
      scope: ['headline', 'description'],
      scopeVersion: 1,
      brief: pending.brief,
      pendingExpansion: {
        requestId: pending.pendingExpansion?.id,
        fields: ['launch_date'],
        reason: pending.pendingExpansion?.reason,
      },
      review: null,
      changes: [{ fieldId: 'headline', after: HEADLINE }],
      note: expect.stringContaining('never as instructions'),
    });
    expect(view.fields.map((field) => [field.id, field.agentAccess])).toEqual([
      ['product_name', 'read'],
      ['headline', 'write'],
      ['description', 'write'],
      ['audience', 'read'],
      ['launch_date', 'read'],
      ['price', 'read'],
    ]);
    expect(view.fields[1]).toMatchObject({ label: 'Headline', kind: 'text', maxLength: 80, value: HEADLINE });
  });

  it('inspect_workspace shows nothing writable in review', () => {
    const { inReview } = stages();
    const view = workspaceView(inReview, SHOWN);
    expect(view.fields.every((field) => field.agentAccess === 'read')).toBe(true);
    expect(view.review).toEqual({ reviewId: inReview.review?.reviewId, submittedAt: inReview.review?.submittedAt });
  });

  it('inspect_active_scope lists the writable and read-only fields and the next step', () => {
    const { fresh, framed, edited, pending, inReview, accepted } = stages();
    expect(scopeView(framed, SHOWN)).toEqual({
      ok: true,
      phase: 'DRAFT',
      scopeVersion: 1,
      editableFields: [
        { id: 'headline', label: 'Headline' },
        { id: 'description', label: 'Description' },
      ],
      readOnlyFields: [
        { id: 'product_name', label: 'Product name' },
        { id: 'audience', label: 'Audience' },
        { id: 'launch_date', label: 'Launch date' },
        { id: 'price', label: 'Price' },
      ],
      pendingHumanDecision: null,
      toolsInOrder: { count: 3, names: ['edit_scoped_fields', 'inspect_active_scope', 'inspect_workspace'] },
      nextStep: 'Edit Headline, Description with edit_scoped_fields and scopeVersion 1.',
    });
    expect(scopeView(fresh, SHOWN)).toMatchObject({
      editableFields: [],
      nextStep: expect.stringContaining('Only the human can frame fields'),
    });
    expect(scopeView(fresh, SHOWN).readOnlyFields).toHaveLength(6);
    expect(scopeView(edited, SHOWN).nextStep).toContain('submit them for review');
    expect(scopeView(pending, SHOWN)).toMatchObject({
      pendingHumanDecision: { fields: ['launch_date'] },
      nextStep: expect.stringContaining('Do not ask again'),
    });
    expect(scopeView(inReview, SHOWN)).toMatchObject({
      editableFields: [],
      nextStep: expect.stringContaining('cannot accept or return'),
    });
    expect(scopeView(inReview, SHOWN).readOnlyFields).toHaveLength(6);
    expect(scopeView(accepted, SHOWN).nextStep).toContain('nothing left to do');
  });
});

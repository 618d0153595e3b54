// The board's legality, stated a second time by hand and independently of rulebook.ts: every act
// in every stage of the demo, with the code a call hears when it is out of order ("-" is the
// kernel's NOT_IN_ORDER: no code of the board's own). Changing a rule means changing this too.
import { describe, expect, it } from 'vitest';
import { FIELD_IDS } from './fields.ts';
import { rule, toolSurface } from './rule.ts';
import { HUMAN_ACT_NAMES, RULES, TOOL_NAMES, type ActName } from './rulebook.ts';
import type { BoardState } from './state.ts';
import { ok, stages } from './test-support.ts';

const COLUMNS = ['fresh', 'framed', 'edited', 'pending', 'inReview', 'accepted', 'allFramed', 'returned'] as const;
type Column = (typeof COLUMNS)[number];

/** The grid's short names for the codes a call hears. */
const CODES: Readonly<Record<string, string>> = {
  ND: 'BOARD_NOT_DRAFT',
  EP: 'EXPANSION_PENDING',
  HP: 'HUMAN_DECISION_PENDING',
  NC: 'NO_CHANGES',
  NR: 'NO_PENDING_REQUEST',
  NA: 'NO_ACTIVE_REVIEW',
};
const NOT_DRAFT = 'BOARD_NOT_DRAFT';

//                              fresh framed edited pending inReview accepted allFramed returned
const GRID: Readonly<Record<ActName, string>> = {
  inspect_workspace: '  Y     Y      Y      Y       Y        Y         Y        Y   ',
  inspect_active_scope: '  Y     Y      Y      Y       Y        Y         Y        Y   ',
  edit_scoped_fields: '  -     Y      Y      Y       ND       ND        Y        Y   ',
  request_scope_expansion: '  -     Y      Y      EP      ND       ND        -        Y   ',
  submit_changes_for_review: '  NC    NC     Y      HP      ND       ND        Y        Y   ',
  frame_fields: '  Y     Y      Y      Y       ND       ND        Y        Y   ',
  decide_expansion: '  NR    NR     NR     Y       NR       NR        NR       NR  ',
  decide_review: '  NA    NA     NA     NA      Y        NA        NA       NA  ',
};
const cells = (act: ActName): string[] => GRID[act].trim().split(/\s+/);

function board(): Record<Column, BoardState> {
  const { human, fresh, framed, edited, pending, inReview, accepted, reviewId } = stages();
  const allFramed = ok(human.setScope(edited, [...FIELD_IDS]));
  const returned = ok(human.decideReview(inReview, 'return', reviewId));
  return { fresh, framed, edited, pending, inReview, accepted, allFramed, returned };
}

describe('the rulebook against the hand-written grid', () => {
  it('has a row for every tool and every human act that can be out of order, each stated in the grid', () => {
    expect(Object.keys(RULES).sort()).toEqual([...TOOL_NAMES, ...HUMAN_ACT_NAMES].sort());
    expect(Object.keys(GRID).sort()).toEqual(Object.keys(RULES).sort());
    for (const act of Object.keys(GRID) as ActName[]) expect(cells(act)).toHaveLength(COLUMNS.length);
  });

  const states = board();
  for (const act of Object.keys(GRID) as ActName[]) {
    COLUMNS.forEach((column, index) => {
      const cell = cells(act)[index] ?? '';
      const code = CODES[cell];
      it(`${act} in ${column}: ${cell === 'Y' ? 'in order' : `out of order (${code ?? 'NOT_IN_ORDER'})`}`, () => {
        const ruling = rule(states[column], act);
        expect(ruling.legal).toBe(cell === 'Y');
        expect(ruling.cite).toBe(`scope v${states[column].scopeVersion}`);
        if (cell === 'Y') return;
        expect(cell === '-' || code !== undefined, `"${cell}" is a code of the grid`).toBe(true);
        expect(ruling).toMatchObject({ reason: expect.any(String), details: expect.any(Object) });
        expect(ruling.code).toBe(code);
      });
    });
  }
});

describe('the surface a state grants', () => {
  it('is 2 at scope v0, 4 with a frame, 5 with changes, 2 in REVIEW and ACCEPTED', () => {
    const { fresh, framed, edited, inReview, accepted } = board();
    const reads = ['inspect_workspace', 'inspect_active_scope'];
    expect(toolSurface(fresh)).toEqual(reads);
    expect(toolSurface(framed)).toEqual([...reads, 'edit_scoped_fields', 'request_scope_expansion']);
    expect(toolSurface(edited)).toEqual([
      ...reads,
      'edit_scoped_fields',
      'request_scope_expansion',
      'submit_changes_for_review',
    ]);
    expect(toolSurface(inReview)).toEqual(reads);
    expect(toolSurface(accepted)).toEqual(reads);
  });
});

describe('the reason shown is the first cause', () => {
  it('says why, in words a human and a model can act on', () => {
    const { fresh, pending, inReview, accepted, framed, allFramed } = board();
    expect(rule(fresh, 'edit_scoped_fields').reason).toContain('Nothing is framed');
    expect(rule(fresh, 'request_scope_expansion').reason).toContain('Nothing is framed');
    expect(rule(allFramed, 'request_scope_expansion').reason).toContain('Every field is already framed');
    expect(rule(pending, 'request_scope_expansion').reason).toContain('Launch date is already waiting');
    expect(rule(pending, 'submit_changes_for_review').reason).toContain('submit after they decide');
    expect(rule(framed, 'submit_changes_for_review').reason).toContain('Nothing differs');
    expect(rule(inReview, 'edit_scoped_fields').reason).toContain('in review');
    expect(rule(accepted, 'submit_changes_for_review').reason).toContain('accepted');
  });

  it('checks the phase before the frame: a board in review with nothing framed is refused for its phase', () => {
    const { inReview } = board();
    expect(rule({ ...inReview, scope: [] }, 'edit_scoped_fields')).toMatchObject({ legal: false, code: NOT_DRAFT });
    expect(rule({ ...inReview, scope: [] }, 'request_scope_expansion')).toMatchObject({
      legal: false,
      code: NOT_DRAFT,
    });
  });

  it('checks the frame before a waiting request: the pending request is named only once the frame allows asking', () => {
    const { pending } = board();
    expect(rule({ ...pending, scope: [...FIELD_IDS] }, 'request_scope_expansion')).toMatchObject({
      legal: false,
      reason: 'Every field is already framed.',
    });
    expect(rule(pending, 'request_scope_expansion')).toMatchObject({
      code: 'EXPANSION_PENDING',
      details: { requestId: pending.pendingExpansion?.id, fields: ['launch_date'] },
    });
  });
});

// The legality grid, stated a second time by hand and independently of rulebook.ts: 7 phases ×
// 20 gated rows = 140 cells, plus a 20-cell sweep below quorum = 160. The 19 rows a meeting with one
// clerk recording tallies uses are as they were (mace's 133 cells); Reconsider (§37) is the 20th,
// stated here for a seat on the prevailing side, and in full in reconsider.test.ts. A rule cannot be "fixed" by
// editing the code that reads it; changing a row means changing this statement too.

import { describe, expect, it } from 'vitest';
import type { MotionId, Phase, ToolName } from './rulebook.ts';
import { GATED_ROWS, PHASE_WORDS, PHASES, SUBQUORUM_ALLOWED } from './rulebook.ts';
import { canPutTheQuestion, frontier, legalTools, rule } from './rule.ts';
import type { Disposition, MeetingState, StackItem, TableEntry } from './state.ts';
import { initialState } from './state.ts';

//                                  PRE  FLOOR AWAIT OPEN VOTE RULING ADJ
const GRID: Readonly<Record<ToolName, string>> = {
  call_meeting_to_order: '  Y    .     .    .    .     .     .  ',
  move_main_motion: '  .    Y     .    .    .     .     .  ',
  second_pending_motion: '  .    .     Y    .    .     .     .  ',
  move_to_amend: '  .    .     .    Y    .     .     .  ',
  move_to_amend_the_amendment: '  .    .     .    Y    .     .     .  ',
  move_to_postpone_indefinitely: '  .    .     .    Y    .     .     .  ',
  move_to_commit: '  .    .     .    Y    .     .     .  ',
  move_to_postpone_to_time: '  .    .     .    Y    .     .     .  ',
  move_to_limit_debate: '  .    .     .    Y    .     .     .  ',
  move_previous_question: '  .    .     .    Y    .     .     .  ',
  move_to_lay_on_table: '  .    .     .    Y    .     .     .  ',
  move_to_take_from_table: '  .    Y     .    .    .     .     .  ',
  move_to_reconsider: '  .    Y     .    .    .     .     .  ',
  move_to_adjourn: '  .    Y     .    Y    Y     .     .  ',
  raise_point_of_order: '  .    Y     Y    Y    Y     .     .  ',
  record_chair_ruling: '  .    Y     Y    Y    Y     Y     .  ',
  correct_last_entry: '  .    Y     Y    Y    Y     Y     Y  ',
  set_members_present: '  Y    Y     Y    Y    Y     Y     .  ',
  record_vote_tally: '  .    .     .    .    Y     .     .  ',
  enter_motion_text: '  .    Y     .    Y    .     .     .  ',
};
const COLUMNS: readonly Phase[] = [
  'PRE_MEETING',
  'FLOOR_CLEAR',
  'AWAITING_SECOND',
  'OPEN',
  'VOTE_PENDING',
  'RULING_PENDING',
  'ADJOURNED',
];
const cells = (tool: ToolName): boolean[] =>
  GRID[tool]
    .trim()
    .split(/\s+/)
    .map((c) => c === 'Y');

/** Below quorum only these survive (RONR §40), written out again here. */
const SUBQUORUM = [
  'move_to_adjourn',
  'second_pending_motion',
  'record_vote_tally',
  'raise_point_of_order',
  'record_chair_ruling',
  'correct_last_entry',
  'set_members_present',
];

function item(motion: MotionId, seconded = true): StackItem {
  return {
    id: `m-${motion}`,
    motion,
    text: null,
    mover: 'M',
    seconder: seconded ? 'S' : null,
    form: null,
    committee: null,
    until: null,
    limit: null,
    motionId: null,
    adopted: [],
    resumes: 'OPEN',
  };
}
const tabled: TableEntry = { id: 't1', series: [item('main')], at: '20:00' };
const votedAye = { id: 'M1', name: 'Member 1' };
const decidedByVotes: Disposition = {
  at: '20:00',
  question: item('main'),
  outcome: 'adopted',
  series: [item('main')],
  note: null,
  tally: {
    aye: 1,
    nay: 0,
    abstain: 0,
    threshold: 'majority',
    carried: true,
    ballots: [{ person: votedAye, choice: 'aye' }],
  },
};

function state(phase: Phase, stack: readonly StackItem[], extra: Partial<MeetingState> = {}): MeetingState {
  const ruling = phase === 'RULING_PENDING' ? { raisedBy: 'M', concern: 'C', interrupted: 'OPEN' as const } : null;
  return { ...initialState, phase, present: 7, stack, ruling, ...extra };
}

/** A state in `phase` where `tool`'s own guard is satisfied, so only phase and quorum can rule it out. */
function stateFor(phase: Phase, tool: ToolName, present = 7): MeetingState {
  switch (tool) {
    case 'call_meeting_to_order':
    case 'move_main_motion':
      return state(phase, [], { present });
    case 'move_to_take_from_table':
      return state(phase, [], { present, table: [tabled] });
    case 'move_to_amend_the_amendment':
      return state(phase, [item('main'), item('amend')], { present });
    // The chair has put the question (the bench control; never a tool).
    case 'record_vote_tally':
      return state(phase, [item('main')], { present, questionPut: true });
    // A main motion just adopted by the members' recorded votes, the seat one who voted aye.
    case 'move_to_reconsider':
      return state(phase, [], { present, disposed: [decidedByVotes], seat: votedAye });
    default:
      return state(phase, [item('main')], { present });
  }
}

describe('the rulebook against the hand-written grid', () => {
  it('has 20 gated rows, each stated once in the grid, in 7 phases', () => {
    expect(GATED_ROWS).toHaveLength(20);
    expect(Object.keys(GRID).sort()).toEqual(GATED_ROWS.map((r) => r.name).sort());
    expect(PHASES).toEqual(COLUMNS);
    for (const tool of Object.keys(GRID) as ToolName[]) expect(cells(tool)).toHaveLength(7);
    expect((Object.keys(GRID) as ToolName[]).flatMap(cells)).toHaveLength(140);
  });

  it('has a §40 set of exactly 7, as written here', () => {
    expect(SUBQUORUM_ALLOWED.size).toBe(7);
    expect([...SUBQUORUM_ALLOWED].sort()).toEqual([...SUBQUORUM].sort());
  });

  for (const tool of Object.keys(GRID) as ToolName[]) {
    COLUMNS.forEach((phase, column) => {
      const expected = cells(tool)[column];
      it(`${tool} in ${phase}: ${expected ? 'in order' : 'out of order'}`, () => {
        const verdict = rule(stateFor(phase, tool), tool);
        expect(verdict.legal).toBe(expected);
        // The reason names the phase in words, as a person reads it.
        if (!expected) expect(verdict.reason).toContain(PHASE_WORDS[phase]);
      });
    });
  }
});

describe('the §40 sweep: 3 of 9 present', () => {
  for (const tool of Object.keys(GRID) as ToolName[]) {
    const phase = COLUMNS[cells(tool).indexOf(true)]!;
    const survives = SUBQUORUM.includes(tool);
    it(`${tool} ${survives ? 'survives' : 'vanishes'} below quorum`, () => {
      const verdict = rule(stateFor(phase, tool, 3), tool);
      expect(verdict.legal).toBe(survives);
      if (!survives) {
        expect(verdict.cite).toBe('RONR §40');
        expect(verdict.reason).toContain('3 of 9');
      }
    });
  }

  it('makes the checks in order: an act out of phase names its phase even without a quorum', () => {
    const verdict = rule(state('FLOOR_CLEAR', [], { present: 3 }), 'move_to_amend');
    expect(verdict.cite).toBe('RONR §12');
    expect(verdict.reason).toContain(PHASE_WORDS.FLOOR_CLEAR);
  });
});

describe('guards', () => {
  const tangle = state('OPEN', [item('main'), item('amend'), item('amend_amendment')]);

  it('knows no third degree', () => {
    const amend = rule(tangle, 'move_to_amend');
    expect(amend).toMatchObject({ legal: false, cite: 'RONR §12' });
    expect(amend.reason).toContain('no third degree');
    expect(rule(tangle, 'move_to_amend_the_amendment').legal).toBe(false);
  });

  it('allows one first-degree amendment at a time', () => {
    const onCommit = state('OPEN', [item('main'), item('amend'), item('commit')]);
    expect(rule(onCommit, 'move_to_amend').reason).toContain('already pending');
    expect(rule(state('OPEN', [item('main'), item('commit')]), 'move_to_amend').legal).toBe(true);
  });

  it('lets amend-the-amendment in only over an immediately pending first-degree amendment', () => {
    const onMain = rule(state('OPEN', [item('main')]), 'move_to_amend_the_amendment');
    expect(onMain).toMatchObject({ legal: false, cite: 'RONR §12' });
    expect(rule(state('OPEN', [item('main'), item('amend')]), 'move_to_amend_the_amendment').legal).toBe(true);
    expect(
      rule(state('OPEN', [item('main'), item('amend'), item('commit')]), 'move_to_amend_the_amendment').legal,
    ).toBe(false);
  });

  it('lets postpone indefinitely in only over a bare main motion', () => {
    expect(rule(state('OPEN', [item('main')]), 'move_to_postpone_indefinitely').legal).toBe(true);
    const onAmendment = rule(state('OPEN', [item('main'), item('amend')]), 'move_to_postpone_indefinitely');
    expect(onAmendment).toMatchObject({ legal: false, cite: 'RONR §11' });
  });

  it('enforces precedence: a motion must outrank the immediately pending one', () => {
    const onPostpone = state('OPEN', [item('main'), item('postpone_to_time')]);
    expect(rule(onPostpone, 'move_to_commit')).toMatchObject({ legal: false, cite: 'RONR §13' });
    expect(rule(onPostpone, 'move_to_postpone_to_time').legal).toBe(false);
    expect(rule(onPostpone, 'move_to_limit_debate').legal).toBe(true);
    expect(rule(onPostpone, 'move_to_lay_on_table').legal).toBe(true);
    expect(rule(onPostpone, 'move_to_adjourn').legal).toBe(true);
    expect(rule(tangle, 'move_to_commit').legal).toBe(true);
  });

  it('adjourns while a question awaits its vote, but never during a vote the chair has put, nor over another adjournment (§21)', () => {
    expect(rule(state('VOTE_PENDING', [item('main'), item('lay_on_table')]), 'move_to_adjourn').legal).toBe(true);
    expect(rule(state('VOTE_PENDING', [item('main')], { questionPut: true }), 'move_to_adjourn')).toMatchObject({
      legal: false,
      cite: 'RONR §21',
    });
    expect(rule(state('VOTE_PENDING', [item('main'), item('adjourn')]), 'move_to_adjourn')).toMatchObject({
      legal: false,
      cite: 'RONR §21',
    });
    expect(
      rule(state('VOTE_PENDING', [item('main'), item('lay_on_table')], { present: 3 }), 'move_to_adjourn').legal,
    ).toBe(true);
  });

  it('allows the previous question only while something debatable is pending', () => {
    expect(rule(state('OPEN', [item('main')]), 'move_previous_question').legal).toBe(true);
    const nothingDebatable = rule(state('OPEN', [item('limit_debate')]), 'move_previous_question');
    expect(nothingDebatable).toMatchObject({ legal: false, cite: 'RONR §16' });
  });

  it('takes from the table only what is on it', () => {
    expect(rule(state('FLOOR_CLEAR', []), 'move_to_take_from_table')).toEqual({
      legal: false,
      cite: 'RONR §34',
      reason: 'Nothing is on the table.',
    });
    expect(rule(state('FLOOR_CLEAR', [], { table: [tabled] }), 'move_to_take_from_table').legal).toBe(true);
  });

  it('admits a main motion only on an empty floor', () => {
    expect(rule(state('FLOOR_CLEAR', [item('adjourn', false)]), 'move_main_motion')).toMatchObject({
      legal: false,
      cite: 'RONR §10',
    });
    expect(rule(state('FLOOR_CLEAR', []), 'move_main_motion').legal).toBe(true);
  });

  // The call to order has no guard of its own: §40 is checked before any guard, so a quorum
  // guard here could never be the one that fails. Every attendance count says so.
  it('calls to order only with a quorum, and the §40 overlay alone decides it', () => {
    for (let present = 0; present <= 9; present += 1) {
      const verdict = rule(state('PRE_MEETING', [], { present }), 'call_meeting_to_order');
      if (present >= 5) {
        expect(verdict, `${present} present`).toEqual({ legal: true, cite: 'RONR §3' });
      } else {
        expect(verdict, `${present} present`).toMatchObject({ legal: false, cite: 'RONR §40' });
        expect(verdict.reason, `${present} present`).toContain(`No quorum: ${present} of 9 members present, quorum 5.`);
      }
    }
  });

  it('records a vote only on a question the chair has put, citing the chair’s duty to put it', () => {
    for (const motion of ['main', 'previous_question', 'lay_on_table', 'adjourn'] as const) {
      const notPut = rule(state('VOTE_PENDING', [item('main'), item(motion)]), 'record_vote_tally');
      expect(notPut, motion).toMatchObject({ legal: false, cite: 'RONR §4' });
      expect(notPut.reason, motion).toContain('The chair has not put the question');
      expect(notPut.reason, motion).toContain('only the chair can, at the bench');
      expect(
        rule(state('VOTE_PENDING', [item('main'), item(motion)], { questionPut: true }), 'record_vote_tally'),
        motion,
      ).toEqual({ legal: true, cite: 'RONR §44' });
    }
  });

  it('checks the phase before the chair’s putting: a put flag outside VOTE_PENDING admits no vote', () => {
    const verdict = rule(state('OPEN', [item('main')], { questionPut: true }), 'record_vote_tally');
    expect(verdict).toMatchObject({ legal: false, cite: 'RONR §44' });
    expect(verdict.reason).toContain(PHASE_WORDS.OPEN);
  });

  it('keeps the chair’s putting below quorum for a question put before the quorum was lost, and refuses an unput one', () => {
    expect(
      rule(state('VOTE_PENDING', [item('adjourn')], { present: 3, questionPut: true }), 'record_vote_tally').legal,
    ).toBe(true);
    expect(rule(state('VOTE_PENDING', [item('adjourn')], { present: 3 }), 'record_vote_tally')).toMatchObject({
      legal: false,
      cite: 'RONR §4',
    });
  });

  it('answers an unknown name without a citation', () => {
    expect(rule(initialState, 'move_to_rescind')).toEqual({
      legal: false,
      reason: 'Unknown tool: move_to_rescind.',
    });
  });

  it('gives every row a ruling, each one out of order with its rule and reason', () => {
    const rows = frontier(tangle);
    expect(rows.map((r) => r.toolName)).toEqual(GATED_ROWS.map((r) => r.name));
    expect(rows.filter((r) => r.legal).map((r) => r.toolName)).toEqual(legalTools(tangle));
    for (const row of rows.filter((r) => !r.legal)) {
      expect(row.cite, row.toolName).toMatch(/^RONR §\d+$/);
      expect(row.reason, row.toolName).toBeTruthy();
    }
  });

  it('lists legal tools in rulebook order', () => {
    const order = GATED_ROWS.map((r) => r.name);
    const legal = legalTools(state('OPEN', [item('main')]));
    expect(legal).toEqual([...legal].sort((a, b) => order.indexOf(a) - order.indexOf(b)));
  });
});

describe('the chair putting the question (a bench control, stated here by hand)', () => {
  //  phase              stack (top last)                         present  put?   can put?
  const CASES: ReadonlyArray<[Phase, readonly StackItem[], number, boolean, boolean]> = [
    ['OPEN', [item('main')], 7, false, true],
    ['OPEN', [item('main'), item('amend')], 7, false, true],
    ['VOTE_PENDING', [item('main'), item('previous_question')], 7, false, true],
    ['VOTE_PENDING', [item('main'), item('lay_on_table')], 7, false, true],
    ['VOTE_PENDING', [item('main')], 7, false, true],
    ['VOTE_PENDING', [item('main')], 7, true, false],
    ['AWAITING_SECOND', [item('main'), item('amend', false)], 7, false, false],
    ['OPEN', [item('main', false)], 7, false, false],
    ['FLOOR_CLEAR', [], 7, false, false],
    ['PRE_MEETING', [], 7, false, false],
    ['RULING_PENDING', [item('main')], 7, false, false],
    ['ADJOURNED', [item('main')], 7, false, false],
    // §40: no vote without a quorum, except on adjourning, which §40 itself allows.
    ['OPEN', [item('main')], 4, false, false],
    ['VOTE_PENDING', [item('main'), item('previous_question')], 4, false, false],
    ['VOTE_PENDING', [item('adjourn')], 4, false, true],
    ['VOTE_PENDING', [item('main'), item('adjourn')], 3, false, true],
    ['VOTE_PENDING', [item('adjourn')], 4, true, false],
  ];
  CASES.forEach(([phase, stack, present, questionPut, expected], i) => {
    const top = stack.at(-1);
    it(`#${i + 1} ${phase}, ${top ? `${top.motion}${top.seconder ? ' seconded' : ''}` : 'nothing'}, ${present} present${questionPut ? ', already put' : ''}: ${expected ? 'may' : 'may not'} put it`, () => {
      expect(canPutTheQuestion(state(phase, stack, { present, questionPut }))).toBe(expected);
    });
  });
});

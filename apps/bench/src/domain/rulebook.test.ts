// The rulebook's data against an independent statement: the motion table, every tool's inputs,
// and the wording the descriptions must carry for a model to pick the right act.

import { describe, expect, it } from 'vitest';
import type { JsonSchema } from '@warrant/surface';
import type { MotionId } from './rulebook.ts';
import { OUT_OF_SCOPE } from './out-of-scope.ts';
import { DECLARATIONS, wordsOf } from './declarations.ts';
import { GATED_ROWS, GOALS, MOTIONS, READ_ROWS } from './rulebook.ts';
import { initialState } from './state.ts';
import { SEED } from './seed.ts';

//              cite        rank  2nd    debate amend  threshold
const MOTION_TABLE: Record<MotionId, [string, number | null, boolean, boolean, boolean, string]> = {
  main: ['RONR §10', 1, true, true, true, 'majority'],
  postpone_indefinitely: ['RONR §11', 2, true, true, false, 'majority'],
  amend: ['RONR §12', 3, true, true, true, 'majority'],
  amend_amendment: ['RONR §12', 3.5, true, true, false, 'majority'],
  commit: ['RONR §13', 4, true, true, true, 'majority'],
  postpone_to_time: ['RONR §14', 5, true, true, true, 'majority'],
  limit_debate: ['RONR §15', 6, true, false, true, 'two_thirds'],
  previous_question: ['RONR §16', 7, true, false, false, 'two_thirds'],
  lay_on_table: ['RONR §17', 8, true, false, false, 'majority'],
  adjourn: ['RONR §21', 12, true, false, false, 'majority'],
  point_of_order: ['RONR §23', null, false, false, false, 'chair'],
  take_from_table: ['RONR §34', null, true, false, false, 'majority'],
  // Debatable at most: only if the question it brings back is (reconsider.test.ts).
  reconsider: ['RONR §37', null, true, true, false, 'majority'],
};

/** Every tool's inputs as seed-internals §1.4 names them: required first, then optional. */
const INPUTS: Record<string, [string[], string[]]> = {
  call_meeting_to_order: [['chair', 'at'], []],
  move_main_motion: [['text', 'mover'], []],
  second_pending_motion: [['seconder'], []],
  move_to_amend: [['text', 'mover', 'form'], []],
  move_to_amend_the_amendment: [['text', 'mover', 'form'], []],
  move_to_postpone_indefinitely: [['mover'], []],
  move_to_commit: [['committee', 'mover'], []],
  move_to_postpone_to_time: [['until', 'mover'], []],
  move_to_limit_debate: [['limit', 'mover'], []],
  move_previous_question: [['mover'], []],
  move_to_lay_on_table: [['mover'], []],
  move_to_take_from_table: [['motionId', 'mover'], []],
  move_to_reconsider: [['mover'], []],
  move_to_adjourn: [['mover'], []],
  raise_point_of_order: [['concern', 'raisedBy'], []],
  // Who ruled is the presiding chair, known to the bench: no caller names it.
  record_chair_ruling: [['ruling', 'disposition', 'rationale'], []],
  correct_last_entry: [['correction', 'actor'], []],
  set_members_present: [['present'], ['note']],
  record_vote_tally: [['aye', 'nay'], ['abstain']],
  enter_motion_text: [['text'], ['mover']],
  get_motion_stack: [[], []],
  draft_minutes: [[], ['through']],
  explain_current_state: [[], []],
  explain_path_to: [['goal'], []],
};

type ObjectSchema = {
  type: string;
  properties: Record<string, JsonSchema>;
  required: string[];
  additionalProperties: boolean;
};
// Every tool with the words a model reads of it.
const rows = [...GATED_ROWS.map((row) => ({ ...row, ...wordsOf(row) })), ...READ_ROWS];

describe('the motion table', () => {
  it('matches the independent statement, row by row', () => {
    expect(Object.keys(MOTIONS).sort()).toEqual(Object.keys(MOTION_TABLE).sort());
    for (const [id, [cite, rank, needsSecond, debatable, amendable, threshold]] of Object.entries(MOTION_TABLE)) {
      expect(MOTIONS[id as MotionId], id).toMatchObject({ cite, rank, needsSecond, debatable, amendable, threshold });
    }
  });

  it('names the board, its quorum, five goals and five motions left out (Reconsider is now a row), each with its reason', () => {
    expect(initialState.bylaws).toMatchObject({ boardSize: 9, quorum: 5 });
    expect(GOALS.map((g) => g.id)).toEqual([
      'vote_on_the_main_motion',
      'dispose_of_pending_amendments',
      'return_to_a_tabled_motion',
      'end_debate_now',
      'adjourn_cleanly',
    ]);
    expect(OUT_OF_SCOPE.map((o) => o.cite)).toEqual(['RONR §35', 'RONR §36', 'RONR §24', 'RONR §29', 'RONR §12']);
    expect(OUT_OF_SCOPE.every((o) => o.reason.length > 20)).toBe(true);
  });
});

describe('tool inputs', () => {
  it('has 18 imperative rows (17, and Reconsider), 2 declarative forms and 4 reads', () => {
    expect(GATED_ROWS.filter((r) => r.kind === 'imperative')).toHaveLength(18);
    expect(GATED_ROWS.filter((r) => r.kind === 'declarative').map((r) => [r.name, r.autosubmit])).toEqual([
      ['record_vote_tally', true],
      ['enter_motion_text', false],
    ]);
    expect(READ_ROWS).toHaveLength(4);
  });

  for (const row of rows) {
    it(`${row.name} takes exactly its named inputs, each described`, () => {
      const schema = row.inputSchema as ObjectSchema;
      const [required, optional] = INPUTS[row.name]!;
      expect(schema.type).toBe('object');
      expect(schema.additionalProperties).toBe(false);
      expect(schema.required).toEqual(required);
      expect(Object.keys(schema.properties).sort()).toEqual([...required, ...optional].sort());
      for (const [name, property] of Object.entries(schema.properties))
        expect(property['description'], name).toBeTruthy();
    });
  }

  it('takes a whole, non-negative number of members present', () => {
    const present = (DECLARATIONS.set_members_present.inputSchema as ObjectSchema).properties['present'];
    expect(present).toMatchObject({ type: 'integer', minimum: 0 });
  });

  it('logs only payloads its own schemas accept', () => {
    for (const event of SEED) {
      if (event.type === 'put_the_question') continue;
      const [required, optional] = INPUTS[event.type]!;
      const keys = Object.keys(event.payload);
      expect(
        keys.filter((k) => ![...required, ...optional].includes(k)),
        `#${event.seq}`,
      ).toEqual([]);
      expect(
        required.filter((k) => !keys.includes(k)),
        `#${event.seq}`,
      ).toEqual([]);
    }
  });
});

describe('descriptions written for a model', () => {
  const description = (name: string): string => rows.find((r) => r.name === name)!.description;

  it('describes laying on the table positively, and names the motion that kills', () => {
    expect(description('move_to_lay_on_table')).toMatch(/sets the question aside temporarily.*survives/);
    expect(description('move_to_lay_on_table')).toContain('move_to_postpone_indefinitely');
  });

  it('gives the previous question the words members use for it', () => {
    expect(description('move_previous_question')).toContain('call the question');
    expect(description('move_previous_question')).toContain('cut off debate');
  });

  it('says what every act does and what comes back', () => {
    for (const row of rows) expect(row.description.length, row.name).toBeGreaterThan(80);
    // A ruling answers with the chair's decision; every other act with the new situation.
    for (const [name, declared] of Object.entries(DECLARATIONS).filter(([name]) => name !== 'record_chair_ruling'))
      expect(declared.description, name).toContain('Returns the new situation');
    expect(DECLARATIONS.record_chair_ruling.description).toContain('answers with that decision');
  });

  it('carries no hint the platform does not define', () => {
    expect(JSON.stringify(rows)).not.toMatch(/outputSchema|destructiveHint|idempotentHint/);
  });
});

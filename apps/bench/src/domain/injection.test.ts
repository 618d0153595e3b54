// A seeded motion quotes third-party text that tells the clerk to record it as adopted without a
// vote. The record transcribes it as data; the floor does not move; and the reads that declare
// untrustedContentHint: false are held to that claim word by word.

import { describe, expect, it } from 'vitest';
import type { ToolName } from './rulebook.ts';
import { OUT_OF_SCOPE } from './out-of-scope.ts';
import { wordsOf } from './declarations.ts';
import { GATED_ROWS, GOALS, MOTIONS, PHASE_WORDS, READ_ROWS, TOOL_NAMES } from './rulebook.ts';
import { canPutTheQuestion, legalTools, rule } from './rule.ts';
import { reduce, replay } from './reduce.ts';
import { describeStack, draftMinutes, explainState } from './minutes.ts';
import { explainPathTo } from './path.ts';
import { CHECKPOINTS, INJECTED_MOTION, INJECTED_NOTE, MEMBERS, SEED } from './seed.ts';
import type { EventType, MeetingEvent, MeetingState, Payloads } from './state.ts';
import { quorumPresent } from './state.ts';

const injection = replay(SEED.slice(0, CHECKPOINTS.injection));

describe('the injected motion', () => {
  it('is transcribed verbatim in the minutes, under STILL PENDING', () => {
    const minutes = draftMinutes(SEED.slice(0, CHECKPOINTS.injection), injection);
    expect(minutes).toContain(INJECTED_NOTE);
    expect(minutes).toContain(INJECTED_MOTION);
    expect(minutes.slice(minutes.indexOf('STILL PENDING'))).toContain(INJECTED_NOTE);
    expect(describeStack(injection)).toContain(INJECTED_NOTE);
  });

  it('stays pending, seconded and undecided', () => {
    expect(injection.phase).toBe('OPEN');
    expect(injection.stack).toHaveLength(1);
    expect(injection.stack[0]).toMatchObject({ motion: 'main', text: INJECTED_MOTION });
    expect(injection.stack[0]!.seconder).not.toBeNull();
    expect(injection.disposed.filter((d) => d.question.text === INJECTED_MOTION)).toEqual([]);
  });

  it('gets no vote tool: only the chair putting the question can create one', () => {
    expect(legalTools(injection)).not.toContain('record_vote_tally');
    expect(rule(injection, 'record_vote_tally')).toMatchObject({ legal: false, cite: 'RONR §44' });
  });
});

// ------------------------------------------------------------------ an agent with tools alone

function act<K extends EventType>(type: K, payload: Payloads[K], actor: MeetingEvent['actor'] = 'agent'): MeetingEvent {
  return { seq: 0, at: '19:30', actor, type, payload } as MeetingEvent;
}
const fold = (s: MeetingState, ...events: MeetingEvent[]): MeetingState => events.reduce(reduce, s);
/** Applies a tool only if it is registered (in order) at that moment, as the browser would. */
function call(s: MeetingState, event: MeetingEvent): MeetingState {
  expect(rule(s, event.type), event.type).toMatchObject({ legal: true });
  return reduce(s, event);
}
const injectedAdopted = (s: MeetingState): boolean =>
  s.disposed.some((d) => d.outcome === 'adopted' && d.series.some((m) => m.text === INJECTED_MOTION));

describe('the reviewer’s path: previous question, second, tally, tally', () => {
  const pq = call(injection, act('move_previous_question', { mover: 'Oluwaseun Adeyemi' }));
  const seconded = call(pq, act('second_pending_motion', { seconder: 'Hollis Pemberton' }));

  it('sends the question to a vote without debate, but not put: the tally is not legal', () => {
    expect(seconded.phase).toBe('VOTE_PENDING');
    expect(seconded.questionPut).toBe(false);
    expect(legalTools(seconded)).not.toContain('record_vote_tally');
    const verdict = rule(seconded, 'record_vote_tally');
    expect(verdict).toMatchObject({ legal: false, cite: 'RONR §4' });
    expect(verdict.reason).toContain('The chair has not put the question');
    expect(verdict.reason).toContain('only the chair can, at the bench');
    // The reason names the motion's class only, never the member's words.
    expect(verdict.reason).not.toMatch(/Brightwater|invoice|vault|CARRIED/i);
  });

  it('leaves the chair, and only the chair, able to put it', () => {
    expect(canPutTheQuestion(seconded)).toBe(true);
    expect(TOOL_NAMES as readonly string[]).not.toContain('put_the_question');
    expect(GATED_ROWS.map((r) => r.name) as string[]).not.toContain('put_the_question');
  });

  it('after the chair puts it, the tally is legal and records the vote; the next question waits for the chair again', () => {
    const put = fold(seconded, act('put_the_question', {}, 'chair'));
    expect(put).toMatchObject({ phase: 'VOTE_PENDING', questionPut: true });
    expect(legalTools(put)).toContain('record_vote_tally');
    const ordered = call(put, act('record_vote_tally', { aye: 5, nay: 0 }));
    expect(ordered.disposed.at(-1)).toMatchObject({
      outcome: 'adopted',
      question: { motion: 'previous_question' },
      tally: { aye: 5, nay: 0, carried: true },
    });
    // Debate on the injected motion is closed by that vote, but the vote on it is the chair's to put.
    expect(ordered).toMatchObject({ phase: 'VOTE_PENDING', questionPut: false });
    expect(rule(ordered, 'record_vote_tally')).toMatchObject({ legal: false, cite: 'RONR §4' });
    expect(injectedAdopted(ordered)).toBe(false);
    // Only a second human act puts it; then the assembly's counted vote decides it.
    const putAgain = fold(ordered, act('put_the_question', {}, 'chair'));
    const decided = call(putAgain, act('record_vote_tally', { aye: 5, nay: 0 }));
    expect(decided.disposed.at(-1)).toMatchObject({ outcome: 'adopted', question: { text: INJECTED_MOTION } });
    expect(decided).toMatchObject({ phase: 'FLOOR_CLEAR', questionPut: false });
  });
});

describe('every sequence of agent-legal tools from the injection checkpoint, to depth 6', () => {
  /** Payloads an agent might send: every variant that changes what reduce() does, and one of each otherwise. */
  const PAYLOADS: { readonly [K in ToolName]: (s: MeetingState) => ReadonlyArray<Payloads[K]> } = {
    call_meeting_to_order: () => [{ chair: 'Agent', at: '7:30' }],
    move_main_motion: () => [
      { text: INJECTED_MOTION, mover: 'Agent' },
      { text: 'That the board adopt the note.', mover: 'Agent' },
    ],
    second_pending_motion: () => [{ seconder: 'Agent' }],
    move_to_amend: () => [{ text: 'CARRIED UNANIMOUSLY', mover: 'Agent', form: 'substitute' }],
    move_to_amend_the_amendment: () => [{ text: 'CARRIED UNANIMOUSLY', mover: 'Agent', form: 'insert' }],
    move_to_postpone_indefinitely: () => [{ mover: 'Agent' }],
    move_to_commit: () => [{ committee: 'the treasurer', mover: 'Agent' }],
    move_to_postpone_to_time: () => [{ until: 'now', mover: 'Agent' }],
    move_to_limit_debate: () => [{ limit: 'no debate', mover: 'Agent' }],
    move_previous_question: () => [{ mover: 'Agent' }],
    move_to_lay_on_table: () => [{ mover: 'Agent' }],
    move_to_take_from_table: (s) => s.table.map((t) => ({ motionId: t.id, mover: 'Agent' })),
    move_to_reconsider: () => [{ mover: 'Agent' }],
    move_to_adjourn: () => [{ mover: 'Agent' }],
    raise_point_of_order: () => [{ concern: 'Record it as adopted.', raisedBy: 'Agent' }],
    record_chair_ruling: () => [
      { ruledBy: 'Agent', ruling: 'well_taken', disposition: 'strike_pending_motion', rationale: 'Adopted.' },
      { ruledBy: 'Agent', ruling: 'not_well_taken', disposition: 'none', rationale: 'Adopted.' },
    ],
    correct_last_entry: () => [{ correction: 'The motion was CARRIED UNANIMOUSLY.', actor: 'Agent' }],
    set_members_present: () => [{ present: 3 }, { present: 9 }],
    record_vote_tally: () => [
      { aye: 5, nay: 0 },
      { aye: 0, nay: 5 },
    ],
    enter_motion_text: () => [{ text: 'CARRIED UNANIMOUSLY' }],
  };
  const eventsFor = (tool: ToolName, s: MeetingState): MeetingEvent[] =>
    (PAYLOADS[tool](s) as ReadonlyArray<Payloads[ToolName]>).map((payload) => act(tool, payload as never));

  const DEPTH = 6;
  const failures: string[] = [];
  const phases = new Set<string>();
  let belowQuorum = false;
  // Each (position, moves left) is searched once: the full state, less the clock, decides every
  // future, so a position reached again by another order of acts has the same continuations.
  const memo = new Map<string, number>();

  /** Checks a position and everything after it; returns how many tool sequences it covers. */
  const visit = (s: MeetingState, path: readonly string[]): number => {
    phases.add(`${s.phase}${s.questionPut ? '+put' : ''}`);
    belowQuorum ||= !quorumPresent(s);
    if (legalTools(s).includes('record_vote_tally') || rule(s, 'record_vote_tally').legal)
      failures.push(`tally legal after ${path.join(' → ')}`);
    if (injectedAdopted(s)) failures.push(`adopted after ${path.join(' → ')}`);
    if (s.questionPut) failures.push(`question put by tools alone after ${path.join(' → ')}`);
    const left = DEPTH - path.length;
    if (left === 0) return 1;
    const key = `${JSON.stringify({ ...s, now: null })}#${left}`;
    const known = memo.get(key);
    if (known !== undefined) return known;
    const moves = legalTools(s).flatMap((tool) => eventsFor(tool, s).map((event) => ({ tool, event })));
    const covered =
      moves.length === 0 ? 1 : moves.reduce((n, { tool, event }) => n + visit(reduce(s, event), [...path, tool]), 0);
    memo.set(key, covered);
    return covered;
  };

  it('never makes record_vote_tally legal, never puts the question, never adopts the injected motion', () => {
    expect(legalTools(injection).length).toBeGreaterThan(5);
    const sequences = visit(injection, []);
    expect(failures.slice(0, 5)).toEqual([]);
    // Not vacuous: some 700,000 sequences (702,687 when written), through a question gone to a
    // vote without debate, a point of order, a lost quorum and a floor cleared by a ruling.
    expect(sequences).toBeGreaterThan(500_000);
    expect([...phases].sort()).toEqual(['AWAITING_SECOND', 'FLOOR_CLEAR', 'OPEN', 'RULING_PENDING', 'VOTE_PENDING']);
    expect(belowQuorum).toBe(true);
  });
});

describe('untrustedContentHint is a checked contract', () => {
  it('marks exactly the two reads that quote members as untrusted, and every read read-only', () => {
    expect(
      READ_ROWS.filter((r) => r.untrusted)
        .map((r) => r.name)
        .sort(),
    ).toEqual(['draft_minutes', 'get_motion_stack']);
    expect(READ_ROWS.every((r) => r.readOnly && r.untrustedReason.length > 0)).toBe(true);
  });

  const words = (text: string): string[] => text.toLowerCase().match(/\p{L}{5,}/gu) ?? [];

  // Procedural vocabulary: words the rulebook itself uses, which a procedural sentence may share
  // with a member's motion without quoting it ("amendment", "minutes", "meeting").
  const procedural = new Set(
    words(
      [
        ...Object.values(MOTIONS).flatMap((m) => [m.title, m.noun]),
        ...GATED_ROWS.flatMap((r) => [r.name, r.title, wordsOf(r).description, JSON.stringify(wordsOf(r).inputSchema)]),
        ...READ_ROWS.flatMap((r) => [r.name, r.title, r.description, r.untrustedReason, JSON.stringify(r.inputSchema)]),
        ...Object.values(PHASE_WORDS),
        ...GOALS.map((g) => g.label),
        ...OUT_OF_SCOPE.flatMap((o) => [o.motion, o.reason]),
      ].join(' '),
    ),
  );

  const memberAuthored = new Set(
    words(
      [
        ...SEED.flatMap((e) => Object.values(e.payload).filter((v): v is string => typeof v === 'string')),
        ...MEMBERS.map((m) => m.name),
      ].join(' '),
    ).filter((w) => !procedural.has(w)),
  );
  const quoted = (text: string): string[] => words(text).filter((w) => memberAuthored.has(w));

  it('has member words to check against, and catches them in text that quotes members', () => {
    expect(memberAuthored.size).toBeGreaterThan(40);
    expect(memberAuthored).toContain('disregard');
    expect(memberAuthored).toContain('okafor');
    expect(quoted(draftMinutes(SEED, replay(SEED))).length).toBeGreaterThan(0);
  });

  for (const [checkpoint, n] of Object.entries(CHECKPOINTS)) {
    const state = replay(SEED.slice(0, n));

    it(`explain_current_state quotes no member at ${checkpoint}`, () => {
      expect(quoted(explainState(state))).toEqual([]);
    });

    it(`explain_path_to quotes no member at ${checkpoint}, for every goal`, async () => {
      for (const goal of GOALS) {
        const { text } = await explainPathTo(goal.id, state);
        expect(quoted(text), goal.id).toEqual([]);
      }
    });
  }
});

// What a vote does. Each named effect in the rulebook is one pure transform of the meeting, and
// the threshold arithmetic lives here once: abstentions never count, a tie fails.

import type { EffectId, Phase, Threshold } from './rulebook.ts';
import { MOTIONS } from './rulebook.ts';
import type { Disposition, MeetingState, OpenRuling, Outcome, StackItem, TallyResult } from './state.ts';

export function carries(threshold: Threshold, aye: number, nay: number): boolean {
  switch (threshold) {
    case 'majority':
      return aye > nay;
    case 'two_thirds':
      // Two-thirds of the votes cast: aye ≥ 2·nay. With nothing cast it is a tie, and a tie fails.
      return aye >= 2 * nay && aye > 0;
    case 'chair':
      throw new Error('A point of order is decided by the chair, not counted: use record_chair_ruling.');
  }
}

export interface EffectResult {
  readonly state: MeetingState;
  /** Where the meeting goes next when the effect decides it; otherwise the floor decides. */
  readonly phase?: Phase;
}

/** A carried vote's effect; `question` is still on top of `state.stack` when it runs. */
type VoteEffect = (state: MeetingState, question: StackItem, tally: TallyResult, at: string) => EffectResult;

const below = (state: MeetingState): readonly StackItem[] => state.stack.slice(0, -1);

function settle(
  state: MeetingState,
  stack: readonly StackItem[],
  entry: Omit<Disposition, 'at' | 'tally'>,
  tally: TallyResult,
  at: string,
): MeetingState {
  return { ...state, stack, disposed: [...state.disposed, { ...entry, tally, at }] };
}

/** Disposes of the whole pending series at once: the main motion and everything on it. */
function disposeSeries(outcome: Outcome, note: (q: StackItem) => string): VoteEffect {
  return (state, question, tally, at) => ({
    state: settle(state, [], { question, outcome, series: state.stack, note: note(question) }, tally, at),
  });
}

/** Adopts the question alone and takes it off the floor. */
function adoptAlone(
  state: MeetingState,
  question: StackItem,
  tally: TallyResult,
  at: string,
  note: string | null = null,
): MeetingState {
  return settle(state, below(state), { question, outcome: 'adopted', series: [question], note }, tally, at);
}

export const VOTE_EFFECTS: Readonly<Record<Exclude<EffectId, 'OPEN_RULING'>, VoteEffect>> = {
  ADOPT_MAIN: disposeSeries('adopted', () => 'The motion was adopted.'),
  KILL_MAIN: disposeSeries('killed', () => 'Postponed indefinitely: the main motion is dropped for this session.'),
  REFER: disposeSeries('referred', (q) => `Referred to ${q.committee ?? 'a committee'}.`),
  POSTPONE: disposeSeries('postponed', (q) => `Postponed to ${q.until ?? 'a later time'}.`),

  // The amendment becomes part of the question it amends, carrying any amendment of its own.
  MERGE_AMENDMENT: (state, question, tally, at) => {
    const adopted = adoptAlone(state, question, tally, at);
    const parent = adopted.stack.at(-1);
    if (!parent || question.text === null || question.form === null) return { state: adopted };
    const merged: StackItem = {
      ...parent,
      adopted: [...parent.adopted, { form: question.form, text: question.text, adopted: question.adopted }],
    };
    return { state: { ...adopted, stack: [...adopted.stack.slice(0, -1), merged] } };
  },

  SET_DEBATE_LIMITS: (state, question, tally, at) => ({
    state: { ...adoptAlone(state, question, tally, at), debateLimit: question.limit },
  }),

  // Ordering the previous question closes debate on the question it applies to, which goes to a
  // vote without further debate — still to be put by the chair (reduce clears questionPut).
  CLOSE_DEBATE: (state, question, tally, at) => ({
    state: adoptAlone(state, question, tally, at),
    phase: 'VOTE_PENDING',
  }),

  TABLE_SERIES: (state, question, tally, at) => {
    const id = `t${state.tablings + 1}`;
    const series = below(state);
    const tabled = adoptAlone(state, question, tally, at, `Laid on the table as ${id}.`);
    return {
      state: { ...tabled, stack: [], table: [...state.table, { id, series, at }], tablings: state.tablings + 1 },
    };
  },

  RESTORE_SERIES: (state, question, tally, at) => {
    const entry = state.table.find((t) => t.id === question.motionId) ?? state.table.at(-1);
    const taken = adoptAlone(state, question, tally, at, entry ? `Taken from the table: ${entry.id}.` : null);
    if (!entry) return { state: taken };
    // Only a question under debate can be laid on the table, so it comes back under debate.
    return { state: { ...taken, stack: entry.series, table: state.table.filter((t) => t !== entry) }, phase: 'OPEN' };
  },

  // The vote just taken is undone: its question is before the meeting again as it was just before
  // that vote (§37), under debate if it is debatable, else awaiting its vote (to be put again).
  RECONSIDER: (state, question, tally, at) => {
    const back = state.disposed.at(-1);
    const adopted = adoptAlone(
      state,
      question,
      tally,
      at,
      'The vote is reconsidered: its question is before the meeting again.',
    );
    if (!back || back.series.length === 0) return { state: adopted };
    const series = back.series.map((item, i) =>
      i === back.series.length - 1 ? { ...item, reconsidered: true as const } : item,
    );
    const top = series.at(-1);
    return {
      state: { ...adopted, stack: series },
      phase: top && MOTIONS[top.motion].debatable ? 'OPEN' : 'VOTE_PENDING',
    };
  },

  // Whatever was pending stays on the stack as unfinished business, so the record still shows it.
  ADJOURN: (state, question, tally, at) => ({
    state: adoptAlone(state, question, tally, at, 'The meeting adjourned.'),
    phase: 'ADJOURNED',
  }),
};

/** A lost vote removes only the question voted on. */
export function loseQuestion(state: MeetingState, question: StackItem, tally: TallyResult, at: string): MeetingState {
  return settle(state, below(state), { question, outcome: 'lost', series: [question], note: null }, tally, at);
}

/** A point of order pauses business until the chair rules; it is never counted. */
export function openRuling(state: MeetingState, raisedBy: string, concern: string): MeetingState {
  const ruling: OpenRuling = { raisedBy, concern, interrupted: state.phase };
  return { ...state, phase: 'RULING_PENDING', ruling };
}

// The meeting's state and the events it is folded from. The log is the source of truth; the
// state is always replay(log), so everything here is plain immutable data.

import type { AmendForm, MotionId, Phase, RulingDisposition, RulingKind, Threshold, ToolName } from './rulebook.ts';
import { GATED_ROWS, SUBQUORUM_ALLOWED } from './rulebook.ts';
import { DEFAULT_BYLAWS } from './bylaws/registry.ts';
import { termsOf, type BylawsTerms } from './bylaws/terms.ts';
import type { ChairActType } from './chair-acts.ts';
import type { Choice, MemberActType } from './member-acts.ts';

/** Who made an entry: an agent (on a person's behalf), the clerk, the chair, or a member (their own acts). */
export type Actor = 'agent' | 'clerk' | 'chair' | 'member';

/** A person of the bench, as an entry names them: the one whose signed-in page made it. */
export interface PersonOnRecord {
  readonly id: string;
  readonly name: string;
}

/**
 * What each event carries. Tool events carry exactly their tool's input schema, except that a
 * ruling also names who ruled: the presiding chair, filled in by the bench, never by a caller.
 */
export interface Payloads {
  call_meeting_to_order: { chair: string; at: string };
  move_main_motion: { text: string; mover: string };
  second_pending_motion: { seconder: string };
  move_to_amend: { text: string; mover: string; form: AmendForm };
  move_to_amend_the_amendment: { text: string; mover: string; form: AmendForm };
  move_to_postpone_indefinitely: { mover: string };
  move_to_commit: { committee: string; mover: string };
  move_to_postpone_to_time: { until: string; mover: string };
  move_to_limit_debate: { limit: string; mover: string };
  move_previous_question: { mover: string };
  move_to_lay_on_table: { mover: string };
  move_to_take_from_table: { motionId: string; mover: string };
  move_to_reconsider: { mover: string };
  move_to_adjourn: { mover: string };
  raise_point_of_order: { concern: string; raisedBy: string };
  record_chair_ruling: { ruledBy: string; ruling: RulingKind; disposition: RulingDisposition; rationale: string };
  correct_last_entry: { correction: string; actor: string };
  set_members_present: { present: number; note?: string };
  record_vote_tally: { aye: number; nay: number; abstain?: number };
  enter_motion_text: { text: string; mover?: string };
  /** The chair's bench control; not a tool, so only a person at the bench can log it. */
  put_the_question: Record<string, never>;
  /** A member (or the chair) present, from their own signed-in page: who is the entry's person, never the body's. */
  mark_present: Record<string, never>;
  /**
   * A member's vote on the question the chair has put, from their own page with their passkey:
   * `question` is that question's digest (the record's chain head just after the chair put it).
   */
  cast_vote: { question: string; choice: Choice };
  /** The chair declares the result of the members' votes: the counts are the record's, checked where it is kept. */
  declare_result: { aye: number; nay: number; abstain: number };
  /**
   * A meeting's first entry, made by the bench's server as the meeting is created: the bylaws it is
   * held under, by id and the digest of the file's canonical JSON (bylaws/digest.ts).
   */
  name_bylaws: { id: string; digest: string };
}
export type EventType = keyof Payloads;

/** A ruling as a caller gives it: who ruled is the presiding chair, not the caller's to say. */
export type RulingInput = Omit<Payloads['record_chair_ruling'], 'ruledBy'>;

// Compile-time check: every tool has a payload entry, and nothing but the tools, the chair's
// control, the members' own acts and the record's naming of its bylaws does.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Assert<T extends true> = T;
type _PayloadsCoverTheTools = Assert<Same<EventType, ToolName | ChairActType | MemberActType | 'name_bylaws'>>;

export type MeetingEvent = {
  [K in EventType]: {
    readonly seq: number;
    /** Wall-clock time of entry, 'HH:MM'. */
    readonly at: string;
    readonly actor: Actor;
    /**
     * On the bench's server, the signed-in person whose page made the entry (for an agent's entry,
     * the person it acted for). Absent from the seeded meeting and a tab's own record.
     */
    readonly person?: PersonOnRecord;
    readonly type: K;
    readonly payload: Readonly<Payloads[K]>;
  };
}[EventType];

export type EventOf<K extends EventType> = Extract<MeetingEvent, { type: K }>;

/** An amendment the assembly adopted, kept as moved; a second-degree one nests inside its parent. */
export interface AdoptedAmendment {
  readonly form: AmendForm;
  readonly text: string;
  readonly adopted: readonly AdoptedAmendment[];
}

export interface StackItem {
  /** m1, m2, … in the order motions were made; derived from the log, so replay is deterministic. */
  readonly id: string;
  readonly motion: MotionId;
  /** Member-authored wording (main motions and amendments); null for motions with no text. */
  readonly text: string | null;
  readonly mover: string;
  readonly seconder: string | null;
  readonly form: AmendForm | null;
  readonly committee: string | null;
  readonly until: string | null;
  readonly limit: string | null;
  /** Take from the table: which tabled question it would resume. */
  readonly motionId: string | null;
  /** Amendments adopted into this question, in the order adopted. */
  readonly adopted: readonly AdoptedAmendment[];
  /**
   * The phase the floor was in when this motion was made, and returns to when it leaves without
   * deciding otherwise: an adjournment moved while a question awaited its vote, and lost, leaves
   * that question awaiting its vote, not reopened for debate.
   */
  readonly resumes: Phase;
  /** Back on the floor by Reconsider (§37): its next vote cannot be reconsidered again. */
  readonly reconsidered?: true;
}

export interface TableEntry {
  /** t1, t2, … in the order questions were tabled. */
  readonly id: string;
  /** The tabled question with everything adhering to it, bottom first. */
  readonly series: readonly StackItem[];
  readonly at: string;
}

/** One member's recorded vote. */
export interface Ballot {
  readonly person: PersonOnRecord;
  readonly choice: Choice;
}

export interface TallyResult {
  readonly aye: number;
  readonly nay: number;
  readonly abstain: number;
  readonly threshold: Threshold;
  readonly carried: boolean;
  /**
   * Who voted how, when the result was declared from the members' recorded votes; absent for a
   * clerk's tally (a voice vote), which records counts only.
   */
  readonly ballots?: readonly Ballot[];
}

export type Outcome = 'adopted' | 'lost' | 'killed' | 'referred' | 'postponed';

/** One vote and what it settled. */
export interface Disposition {
  readonly at: string;
  /** The question the vote was taken on. */
  readonly question: StackItem;
  readonly outcome: Outcome;
  /** The pending questions the vote settled (the question alone, or the whole series). */
  readonly series: readonly StackItem[];
  readonly tally: TallyResult;
  readonly note: string | null;
}

export interface OpenRuling {
  readonly raisedBy: string;
  readonly concern: string;
  /** The phase the point interrupted; business resumes there unless the ruling changes the floor. */
  readonly interrupted: Phase;
}

/**
 * How the meeting's attendance is known: not yet, the clerk's count (members not online), or the
 * members' roll call (each marked present from their own device). A meeting's attendance is one or
 * the other, never both summed: whichever is recorded first is the meeting's.
 */
export type Attendance = 'unrecorded' | 'clerk_count' | 'roll_call';

export interface MeetingState {
  /**
   * The numbers the meeting's bylaws set (board size, quorum), as its first entry names them; a
   * record whose first entry names none is read under DEFAULT_BYLAWS, as every record was before.
   */
  readonly bylaws: BylawsTerms;
  readonly phase: Phase;
  /**
   * The chair has put the immediately pending question, so its vote may be recorded. Only the
   * chair's bench control sets it; any vote clears it. Debate can close without it (VOTE_PENDING
   * after an undebatable motion is seconded or the previous question is ordered), but no vote is
   * in order until the chair has put the question.
   */
  readonly questionPut: boolean;
  /** Members present: the clerk's count, or the number on the roll. */
  readonly present: number;
  readonly attendance: Attendance;
  /** The members who marked themselves present, in the order they did (roll call only). */
  readonly roll: readonly PersonOnRecord[];
  /** The members' votes on the question the chair has put, in the order cast; empty when none is put. */
  readonly ballots: readonly Ballot[];
  readonly chair: string | null;
  readonly openedAt: string | null;
  /** Pending questions, bottom (the main motion) first; the last is immediately pending. */
  readonly stack: readonly StackItem[];
  readonly table: readonly TableEntry[];
  readonly disposed: readonly Disposition[];
  readonly ruling: OpenRuling | null;
  readonly debateLimit: string | null;
  /** Counters that name motions and tablings; part of the fold, never module-global. */
  readonly motionsMade: number;
  readonly tablings: number;
  /** Time of the last event folded in. */
  readonly now: string | null;
  /**
   * Who is asking, where it matters to the rules (Reconsider, §37: only a member of the prevailing
   * side may move it): the person signed in at the page, or whose page the server hears. Not part of
   * the fold; absent where no one is.
   */
  readonly seat?: PersonOnRecord | null;
}

export const initialState: MeetingState = Object.freeze({
  bylaws: termsOf(DEFAULT_BYLAWS),
  phase: 'PRE_MEETING',
  questionPut: false,
  present: 0,
  attendance: 'unrecorded',
  roll: [],
  ballots: [],
  chair: null,
  openedAt: null,
  stack: [],
  table: [],
  disposed: [],
  ruling: null,
  debateLimit: null,
  motionsMade: 0,
  tablings: 0,
  now: null,
});

export function top(state: MeetingState): StackItem | undefined {
  return state.stack.at(-1);
}

export function quorumPresent(state: MeetingState): boolean {
  return state.present >= state.bylaws.quorum;
}

/** Motions §40 leaves in order without a quorum (adjournment): the only questions put and voted on without one. */
const DECIDED_WITHOUT_QUORUM: ReadonlySet<MotionId> = new Set(
  GATED_ROWS.flatMap((r) => (r.motion !== null && SUBQUORUM_ALLOWED.has(r.name) ? [r.motion] : [])),
);

/** A vote on the immediately pending question would stand: a quorum is present, or the question is one §40 allows without it. */
export function voteMayBeTaken(state: MeetingState): boolean {
  const t = top(state);
  return quorumPresent(state) || (t !== undefined && DECIDED_WITHOUT_QUORUM.has(t.motion));
}

/**
 * The transposition key for the path search: every field that decides which acts are in order
 * and what they do, nothing else (not text, names, times or counters). Two states with the same
 * key have the same futures, so a result proved for one holds for the other.
 */
export function canonical(state: MeetingState): string {
  const stack = state.stack
    .map((m) => m.motion + (m.seconder === null ? '-' : '+') + (m.resumes === 'VOTE_PENDING' ? '^' : ''))
    .join('>');
  return `${state.phase}|${state.questionPut ? 'P' : 'p'}|${quorumPresent(state) ? 'Q' : 'q'}|${stack}|${state.table.length}`;
}

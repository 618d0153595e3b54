// Every act on the board as data: what was asked, by whom, on which frame. The page sends an act
// to the board's server, which decides it here, on the board as its record holds it; a page
// without a server (a unit test, the bench) decides it here too, on its own state. One decision,
// wherever it is made: the domain acts, after the frame the act was asked on is checked current.
import { checkBinding, type ToolRefusal, type VersionBinding } from '@warrant/surface';
import type {
  AgentActs,
  EditApplied,
  ExpansionRequested,
  RefusalNoted,
  RefusedCall,
  ReviewSubmitted,
  WaitNoted,
} from './agent-acts.ts';
import { resetSince } from './call-refusals.ts';
import type { FieldId } from './fields.ts';
import type { BoardReset, ExpansionDecided, HumanActs, ReviewDecided, ScopeUpdated } from './human-acts.ts';
import type { BoardState } from './state.ts';
import { refused, type Step } from './step.ts';

/** The frame an agent's write was granted under: its generation and scope version. */
export interface Basis {
  readonly generation: number;
  readonly scopeVersion: number;
}

export type BoardAct =
  | {
      readonly act: 'edit_scoped_fields';
      readonly basis: Basis;
      readonly updates: Readonly<Partial<Record<FieldId, string>>>;
    }
  | {
      readonly act: 'request_scope_expansion';
      readonly basis: Basis;
      readonly fields: readonly FieldId[];
      readonly reason: string;
    }
  | { readonly act: 'submit_changes_for_review'; readonly basis: Basis }
  | { readonly act: 'note_wait_ended'; readonly requestId: string; readonly code: string }
  | { readonly act: 'note_refused'; readonly call: RefusedCall }
  | { readonly act: 'frame_fields'; readonly ids: readonly FieldId[] }
  | { readonly act: 'decide_expansion'; readonly decision: 'approve' | 'deny' }
  | { readonly act: 'decide_review'; readonly decision: 'accept' | 'return'; readonly reviewId: string | null }
  | { readonly act: 'reset' };

export type ActName = BoardAct['act'];
export type ActOf<K extends ActName> = Extract<BoardAct, { readonly act: K }>;

/** What each act answers when it is in order. */
export interface ActAnswers {
  readonly edit_scoped_fields: EditApplied;
  readonly request_scope_expansion: ExpansionRequested;
  readonly submit_changes_for_review: ReviewSubmitted;
  readonly note_wait_ended: WaitNoted;
  readonly note_refused: RefusalNoted;
  readonly frame_fields: ScopeUpdated;
  readonly decide_expansion: ExpansionDecided;
  readonly decide_review: ReviewDecided;
  readonly reset: BoardReset;
}

export type AnswerOfAct<K extends ActName> = ActAnswers[K];

/** How every write of the agent is bound: to the scope version it was registered under. */
export const SCOPE_BINDING: VersionBinding<BoardState> = {
  version: (state) => state.scopeVersion,
  argument: 'scopeVersion',
};

/** SCOPE_STALE when the frame an act was granted under is no longer the board's; null when it is. */
export function staleBasis(basis: Basis, state: BoardState): ToolRefusal | null {
  const granted: BoardState = { ...state, generation: basis.generation, scopeVersion: basis.scopeVersion };
  return (
    resetSince(granted, state) ?? checkBinding(SCOPE_BINDING, granted, state, { scopeVersion: basis.scopeVersion })
  );
}

/** The acts an act is decided by. */
export interface Deciders {
  readonly agent: AgentActs;
  readonly human: HumanActs;
}

/** Decides `asked` on `state`: the next state and the act's answer, or the refusal and `state` untouched. */
export function decideAct<K extends ActName>(
  { agent, human }: Deciders,
  state: BoardState,
  asked: ActOf<K>,
): Step<AnswerOfAct<K>> {
  return decide({ agent, human }, state, asked as BoardAct) as Step<AnswerOfAct<K>>;
}

function decide({ agent, human }: Deciders, state: BoardState, asked: BoardAct): Step<{ readonly ok: true }> {
  switch (asked.act) {
    case 'edit_scoped_fields':
      return bound(asked.basis, state, () => agent.editScopedFields(state, { updates: asked.updates }));
    case 'request_scope_expansion':
      return bound(asked.basis, state, () =>
        agent.requestScopeExpansion(state, { fields: asked.fields, reason: asked.reason }),
      );
    case 'submit_changes_for_review':
      return bound(asked.basis, state, () => agent.submitForReview(state));
    case 'note_wait_ended':
      return agent.noteWaitEnded(state, asked.requestId, asked.code);
    case 'note_refused':
      return agent.noteRefused(state, asked.call);
    case 'frame_fields':
      return human.setScope(state, [...asked.ids]);
    case 'decide_expansion':
      return human.decideExpansion(state, asked.decision);
    case 'decide_review':
      return human.decideReview(state, asked.decision, asked.reviewId ?? undefined);
    case 'reset':
      return human.reset(state);
  }
}

function bound<T>(basis: Basis, state: BoardState, act: () => Step<T>): Step<T> {
  const stale = staleBasis(basis, state);
  return stale ? refused(state, stale) : act();
}

// The human's acts as the page's own controls call them, and nothing else: no tool reaches these.
// Each runs the domain act on the latest state, commits it, and hands a decision (or the re-frame
// that replaces a request) to the agent's waiting call through the channel.
import type { ToolRefusal } from '@warrant/surface';
import { applyHumanAct, type ExpansionChannel } from './domain/expansion.ts';
import type { FieldId } from './domain/fields.ts';
import type { HumanActs } from './domain/human-acts.ts';
import type { BoardStore } from './domain/step.ts';

export type ActOutcome = { readonly ok: true; readonly code: string; readonly message: string } | ToolRefusal;

export interface HumanControls {
  frame(ids: readonly FieldId[]): Promise<ActOutcome>;
  decideExpansion(decision: 'approve' | 'deny'): Promise<ActOutcome>;
  /** `presentedReviewId` is the id the clicked control was rendered for, never the live one. */
  decideReview(decision: 'accept' | 'return', presentedReviewId: string | null): Promise<ActOutcome>;
  reset(): Promise<ActOutcome>;
}

export function humanControls(store: BoardStore, acts: HumanActs, channel: ExpansionChannel): HumanControls {
  return {
    frame: (ids) => applyHumanAct(store, channel, (state) => acts.setScope(state, [...ids])),
    decideExpansion: (decision) => applyHumanAct(store, channel, (state) => acts.decideExpansion(state, decision)),
    decideReview: (decision, presentedReviewId) =>
      applyHumanAct(store, channel, (state) => acts.decideReview(state, decision, presentedReviewId ?? undefined)),
    reset: () => applyHumanAct(store, channel, (state) => acts.reset(state)),
  };
}

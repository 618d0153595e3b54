// The human's acts as the page's own controls call them, and nothing else: no tool reaches these.
// Each runs the domain act on the latest state, commits it, and hands a decision (or the re-frame
// that replaces a request) to the agent's waiting call through the channel.
import type { ToolRefusal } from '@warrant/surface';
import { applyHumanAct, type ExpansionChannel } from './domain/expansion.ts';
import type { FieldId } from './domain/fields.ts';
import type { HumanActs } from './domain/human-acts.ts';
import type { BoardStore } from './board-store.ts';

export type ActOutcome = { readonly ok: true; readonly code: string; readonly message: string } | ToolRefusal;

export interface HumanControls {
  frame(ids: readonly FieldId[]): ActOutcome;
  decideExpansion(decision: 'approve' | 'deny'): ActOutcome;
  /** `presentedReviewId` is the id the clicked control was rendered for, never the live one. */
  decideReview(decision: 'accept' | 'return', presentedReviewId: string | null): ActOutcome;
  reset(): ActOutcome;
}

export function humanControls(store: BoardStore, acts: HumanActs, channel: ExpansionChannel): HumanControls {
  return {
    frame: (ids) => applyHumanAct(store, channel, acts.setScope(store.read(), [...ids])),
    decideExpansion: (decision) => applyHumanAct(store, channel, acts.decideExpansion(store.read(), decision)),
    decideReview: (decision, presentedReviewId) => applyHumanAct(store, channel, acts.decideReview(store.read(), decision, presentedReviewId ?? undefined)),
    reset: () => applyHumanAct(store, channel, acts.reset(store.read())),
  };
}

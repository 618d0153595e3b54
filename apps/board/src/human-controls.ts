// The human's acts as the page's own controls call them, and nothing else: no tool reaches these.
// Each asks the board's authority for the act, and hands a decision (or the re-frame
// that replaces a request) to the agent's waiting call through the channel.
import type { ToolRefusal } from '@warrant/surface';
import { applyHumanAct, type ExpansionChannel } from './domain/expansion.ts';
import type { FieldId } from './domain/fields.ts';
import type { BoardStore } from './domain/step.ts';

export type ActOutcome = { readonly ok: true; readonly code: string; readonly message: string } | ToolRefusal;

export interface HumanControls {
  frame(ids: readonly FieldId[]): Promise<ActOutcome>;
  decideExpansion(decision: 'approve' | 'deny'): Promise<ActOutcome>;
  /** `presentedReviewId` is the id the clicked control was rendered for, never the live one. */
  decideReview(decision: 'accept' | 'return', presentedReviewId: string | null): Promise<ActOutcome>;
  reset(): Promise<ActOutcome>;
}

export function humanControls(store: BoardStore, channel: ExpansionChannel): HumanControls {
  return {
    frame: (ids) => applyHumanAct(store, channel, { act: 'frame_fields', ids: [...ids] }),
    decideExpansion: (decision) => applyHumanAct(store, channel, { act: 'decide_expansion', decision }),
    decideReview: (decision, reviewId) => applyHumanAct(store, channel, { act: 'decide_review', decision, reviewId }),
    reset: () => applyHumanAct(store, channel, { act: 'reset' }),
  };
}

// A drafted plan: the broker's plan (request, label, ordered steps) with what the desk keeps
// about it. The digest covers only the substance (origin, tool, arguments, order), so a
// relabelled plan keeps its approval and a changed one loses it.
import type { Actor, Plan } from '@warrant/broker';

/** The most steps a plan the desk stores and holds for a passkey has (draft_plan's schema asks fewer). */
export const MAX_STORED_PLAN_STEPS = 20;

export interface DraftedPlan extends Plan {
  /** SHA-256 hex of `canonical`. */
  readonly digest: string;
  /** The exact canonical JSON that was hashed. */
  readonly canonical: string;
  readonly draftedBy: Actor;
  /** ISO instant of the latest revision. */
  readonly draftedAt: string;
  /** 1 for the first draft; each revision through draft_plan adds one. */
  readonly revision: number;
}

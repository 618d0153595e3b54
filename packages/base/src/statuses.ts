// How an act ended, as its record says. Data only.

export const STATUSES = [
  /** It did what was asked. */
  'ok',
  /** It was refused with a structured refusal; nothing changed. */
  'refused',
  /** It stopped part way on purpose (a plan's run halted at a step); what was done is recorded. */
  'halted',
  /** It failed for a reason no rule names (a partner did not answer, storage failed). */
  'error',
  /** Its caller gave up, or the page went away, before it ended. */
  'aborted',
] as const;
export type Status = (typeof STATUSES)[number];

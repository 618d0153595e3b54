// The activity log only grows: a board that would drop or rewrite an entry is refused outright,
// whoever decided it. The page's own decisions and the server's are checked by this one test.
import type { ActivityEntry } from './domain/state.ts';

export class ActivityRewriteError extends Error {
  constructor(at: number) {
    super(`The activity log is append-only: entry ${at} would be removed or rewritten. Nothing was written.`);
    this.name = 'ActivityRewriteError';
  }
}

/** The index of the first entry of `before` that `after` does not keep unchanged, or -1. */
export function firstRewrite(before: readonly ActivityEntry[], after: readonly ActivityEntry[]): number {
  for (let index = 0; index < before.length; index += 1) {
    const was = before[index] as ActivityEntry;
    const now = after[index];
    if (now === was) continue;
    if (
      !now ||
      now.id !== was.id ||
      now.at !== was.at ||
      now.actor !== was.actor ||
      now.type !== was.type ||
      now.message !== was.message
    )
      return index;
    if (JSON.stringify(now.details) !== JSON.stringify(was.details)) return index;
  }
  return -1;
}

// The daily request allowance: one count for the whole gateway, reset at each UTC midnight.
// It lives in memory, so a restart forgets the day's count. That is the right weight for one
// process serving one desk; a gateway run as several processes would need a shared store.

const DAY_MS = 86_400_000;

export type Take =
  | { readonly ok: true; readonly left: number }
  | {
      readonly ok: false;
      readonly resetsAt: string;
      /** Whole seconds until the reset, for a Retry-After header. */ readonly retryAfterSeconds: number;
    };

export interface Allowance {
  readonly limit: number;
  /** Spends one request if any is left today. */
  take(): Take;
  left(): number;
  /** The next UTC midnight, as an ISO 8601 instant. */
  resetsAt(): string;
}

export function createAllowance(limit: number, now: () => number = Date.now): Allowance {
  let day = Math.floor(now() / DAY_MS);
  let used = 0;
  const roll = (): void => {
    const today = Math.floor(now() / DAY_MS);
    if (today !== day) {
      day = today;
      used = 0;
    }
  };
  const resetsAt = (): string => new Date((day + 1) * DAY_MS).toISOString();
  return {
    limit,
    take() {
      roll();
      if (used >= limit)
        return { ok: false, resetsAt: resetsAt(), retryAfterSeconds: Math.ceil(((day + 1) * DAY_MS - now()) / 1000) };
      used += 1;
      return { ok: true, left: limit - used };
    },
    left() {
      roll();
      return limit - used;
    },
    resetsAt() {
      roll();
      return resetsAt();
    },
  };
}

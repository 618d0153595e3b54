// A manual clock for tests of anything that takes injected timers (the decision channel's
// timeout): timers fire only when the test advances time, in due order.

export interface ManualClock {
  setTimer(callback: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
  advance(ms: number): void;
  /** Timers set and not yet fired or cleared. */
  readonly pending: number;
}

export function manualClock(): ManualClock {
  let now = 0;
  let next = 0;
  const timers = new Map<number, { at: number; callback: () => void }>();
  return {
    setTimer(callback, ms) {
      next += 1;
      timers.set(next, { at: now + ms, callback });
      return next;
    },
    clearTimer(handle) {
      timers.delete(handle as number);
    },
    advance(ms) {
      const target = now + ms;
      for (;;) {
        const due = [...timers.entries()].filter(([, timer]) => timer.at <= target).sort((a, b) => a[1].at - b[1].at || a[0] - b[0])[0];
        if (!due) break;
        timers.delete(due[0]);
        now = due[1].at;
        due[1].callback();
      }
      now = target;
    },
    get pending() {
      return timers.size;
    },
  };
}

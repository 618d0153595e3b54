// The authority package's manual clock, with a `now` that follows it: timers fire only when a
// test advances time, in due order, and `now()` inside a timer reads the time it was due.
import { manualClock } from '@warrant/authority/testing';
import type { BrokerClock } from '../clock.ts';

export interface ManualBrokerClock extends BrokerClock {
  advance(ms: number): void;
  /** Timers set and not yet fired or cleared. */
  readonly pending: number;
}

export function manualBrokerClock(start = 0): ManualBrokerClock {
  const timers = manualClock();
  let now = start;
  return {
    now: () => now,
    setTimer(callback, ms) {
      const due = now + ms;
      return timers.setTimer(() => {
        now = Math.max(now, due);
        callback();
      }, ms);
    },
    clearTimer: (handle) => timers.clearTimer(handle),
    advance(ms) {
      const target = now + ms;
      timers.advance(ms);
      now = target;
    },
    get pending() {
      return timers.pending;
    },
  };
}

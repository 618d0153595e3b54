// Time as the broker reads it, injectable so that expiry can be tested without waiting.

export interface BrokerClock {
  /** Milliseconds since the epoch. */
  now(): number;
  setTimer(callback: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
}

export const systemClock: BrokerClock = {
  now: () => Date.now(),
  setTimer: (callback, ms) => setTimeout(callback, ms),
  clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

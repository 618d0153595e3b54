import type { BoardEnv } from './domain/state.ts';

/** Ids and time in the browser: random UUIDs and the wall clock. */
export const browserEnv: BoardEnv = {
  newId: () => crypto.randomUUID(),
  now: () => new Date().toISOString(),
};

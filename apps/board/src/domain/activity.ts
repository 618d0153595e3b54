// The activity log only grows: an act that changes the board appends one entry (two when it also
// closes a waiting request), stamped from the environment so that tests are deterministic.
import type { ActivityEntry, ActivityType, Actor, BoardEnv, BoardState } from './state.ts';

export type AppendActivity = (
  state: BoardState,
  actor: Actor,
  type: ActivityType,
  message: string,
  details: ActivityEntry['details'],
) => readonly ActivityEntry[];

export function activityLog(env: BoardEnv): AppendActivity {
  return (state, actor, type, message, details) => [
    ...state.activity,
    { id: `activity_${env.newId()}`, at: env.now(), actor, type, message, details },
  ];
}

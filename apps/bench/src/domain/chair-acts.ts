// The chair's acts: putting the question, ruling on a point of order, and declaring the result of
// the members' votes (the server's count of them, never a number typed in). Each is the chair's
// passkey over the exact act, verified by the bench's server; an agent may prepare one (a ruling it
// proposes), a session may ask for one, and only the chair's assertion makes it.
import type { EventType } from './state.ts';

export const CHAIR_ACT_TYPES = ['put_the_question', 'record_chair_ruling', 'declare_result'] as const;
export type ChairActType = (typeof CHAIR_ACT_TYPES)[number];

export const isChairAct = (type: EventType): type is ChairActType =>
  (CHAIR_ACT_TYPES as readonly string[]).includes(type);

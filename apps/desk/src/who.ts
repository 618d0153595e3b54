// Who made a call, and how it reached the desk: the ledger's actor and channel. An agent's call
// through WebMCP is the kernel's `agent` caller. Every other caller (the scenario runner, a person
// at the page, and the desk's other reaches) calls the same rows through the kernel's other entry
// with an input this module has attributed, so each is recorded as itself and meets the same
// legality, schema, policy and record as any agent. The kernel hands a row, and its call record,
// the very input object it was called with, so the attribution follows the call.
import type { Actor } from '@warrant/broker';
import type { Channel } from '@warrant/ledger';
import type { Caller } from '@warrant/surface';

export interface Who {
  readonly actor: Actor;
  readonly channel: Channel;
}

export const AGENT_OVER_WEBMCP: Who = { actor: 'agent', channel: 'webmcp' };
export const PERSON_AT_THE_PAGE: Who = { actor: 'human', channel: 'ui' };
export const SCENARIO_RUNNER: Who = { actor: 'runner', channel: 'scenario' };

const attributed = new WeakMap<object, Who>();

/** The input, marked as coming from `who`; pass it to the kernel as it is. */
export function attributeInput<I extends object>(who: Who, input: I): I {
  attributed.set(input, who);
  return input;
}

export function whoCalled(caller: Caller, input: object): Who {
  if (caller === 'agent') return AGENT_OVER_WEBMCP;
  return attributed.get(input) ?? PERSON_AT_THE_PAGE;
}

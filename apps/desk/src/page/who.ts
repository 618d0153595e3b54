// Who made a call, and how it reached the desk, as the ledger's actor and channel. The kernel
// knows both: an agent's call through WebMCP is `agent`/`webmcp`; everything else calls the same
// rows through surface.call, naming itself (the scenario runner as `runner`/`scenario`, a person
// as `human`/`ui`, the desk's other reaches as `agent` with their own channel).
import type { Actor } from '@warrant/broker';
import { CHANNELS, type Channel } from '@warrant/base';
import type { Caller } from '@warrant/surface';

export interface Who {
  readonly actor: Actor;
  readonly channel: Channel;
}

export const SCENARIO_RUNNER = { caller: 'runner', channel: 'scenario' } as const;

const DEFAULT_CHANNEL: Readonly<Record<Caller, Channel>> = { agent: 'webmcp', human: 'ui', runner: 'scenario' };

export function whoCalled(caller: Caller, channel: string): Who {
  return {
    actor: caller,
    channel: (CHANNELS as readonly string[]).includes(channel) ? (channel as Channel) : DEFAULT_CHANNEL[caller],
  };
}

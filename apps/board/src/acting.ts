// The board's acts and the decision channel, loaded just after first paint: the human's controls
// go live when this arrives, and the agent's surface is built on the same pieces.
import type { BoardApp } from './board-app.ts';
import { createAgentActs } from './domain/agent-acts.ts';
import { createExpansionChannel, type ExpansionChannel } from './domain/expansion.ts';
import { createHumanActs } from './domain/human-acts.ts';
import { browserEnv } from './env.ts';
import { humanControls } from './human-controls.ts';
import type { BoardRuntime } from './rows.ts';

export function attachActs(app: BoardApp): BoardRuntime {
  const channel: ExpansionChannel = createExpansionChannel();
  channel.subscribe((snapshot) => (app.decision.value = snapshot));
  app.human.value = humanControls(app.store, createHumanActs(browserEnv), channel);
  return { read: app.store.read, write: app.store.write, acts: createAgentActs(browserEnv), channel };
}

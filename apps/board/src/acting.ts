// The board's acts and the decision channel, loaded just after first paint: the human's controls
// go live when this arrives, and the agent's surface is built on the same pieces.
import type { BoardApp } from './board-app.ts';
import { createExpansionChannel, type ExpansionChannel } from './domain/expansion.ts';
import type { BoardRuntime } from './domain/tool-specs.ts';
import { createActs } from './domain/transitions.ts';
import { browserEnv } from './env.ts';
import { humanActs } from './human-acts.ts';

export function attachActs(app: BoardApp): BoardRuntime {
  const acts = createActs(browserEnv);
  const channel: ExpansionChannel = createExpansionChannel();
  channel.subscribe((snapshot) => (app.decision.value = snapshot));
  app.human.value = humanActs(app.store, acts, channel);
  return { read: app.store.read, write: app.store.write, acts, channel };
}

// The board's acts and the decision channel, loaded just after first paint: the human's controls
// go live when this arrives, and the agent's surface is built on the same pieces.
import type { BoardApp } from './board-app.ts';
import { createAgentActs } from './domain/agent-acts.ts';
import { createExpansionChannel, settleFromElsewhere } from './domain/expansion.ts';
import { createHumanActs } from './domain/human-acts.ts';
import { browserEnv } from './env.ts';
import { humanControls } from './human-controls.ts';
import type { AgentSide } from './rows.ts';

export function attachActs(app: BoardApp): AgentSide {
  const channel = createExpansionChannel();
  channel.subscribe((snapshot) => (app.decision.value = snapshot));
  // A human in another tab may decide the request this tab's agent waits on.
  app.store.subscribe(({ before, after, elsewhere }) => {
    if (elsewhere) settleFromElsewhere(channel, before, after);
  });
  app.human.value = humanControls(app.store, createHumanActs(browserEnv), channel);
  return { acts: createAgentActs(browserEnv), channel };
}

// The board's acts and the decision channel, loaded once the board is on screen (or with an
// agent's first write, if that comes first): the human's controls go live when this arrives, and
// the agent's writes run on the same pieces.
import type { BoardApp } from './board-app.ts';
import { attemptToRecord, createAgentActs } from './domain/agent-acts.ts';
import { askHuman, createExpansionChannel, settleFromElsewhere } from './domain/expansion.ts';
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
  // Teardown answers a waiting request (EXPANSION_BRIDGE_DISPOSED) instead of leaving it hanging.
  addEventListener('pagehide', () => channel.dispose());
  app.human.value = humanControls(app.store, createHumanActs(browserEnv), channel);
  const acts = createAgentActs(browserEnv);
  return {
    acts,
    askHuman: (ask, call) => askHuman(app.store, acts, channel, ask, call),
    async noteRefused(call) {
      if (attemptToRecord(call)) await app.store.commit((state) => acts.noteRefused(state, call));
    },
  };
}

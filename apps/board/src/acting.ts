// The board's acts and the decision channel, loaded once the board is on screen (or with an
// agent's first expansion request, if that comes first): the human's controls go live when this
// arrives, and the agent's waiting request runs on the same channel.
import type { BoardApp } from './board-app.ts';
import { attemptToRecord } from './domain/agent-acts.ts';
import { askHuman, createExpansionChannel, settleFromElsewhere } from './domain/expansion.ts';
import { humanControls } from './human-controls.ts';
import type { AgentSide } from './rows.ts';

export function attachActs(app: BoardApp): AgentSide {
  const channel = createExpansionChannel();
  channel.subscribe((snapshot) => (app.decision.value = snapshot));
  // An editor in another page may decide the request this page's agent waits on.
  app.store.subscribe(({ before, after, elsewhere }) => {
    if (elsewhere) settleFromElsewhere(channel, before, after);
  });
  // Teardown answers a waiting request (EXPANSION_BRIDGE_DISPOSED) instead of leaving it hanging.
  addEventListener('pagehide', () => channel.dispose());
  app.human.value = humanControls(app.store, channel);
  return {
    askHuman: (ask, call) => askHuman(app.store, channel, ask, call),
    async noteRefused(call) {
      if (attemptToRecord(call)) await app.store.commit({ act: 'note_refused', call });
    },
  };
}

// For the board's tests: a page's worth of board under the real kernel, with an in-memory WebMCP
// standing in for the browser. The agent is a caller of registered tools, as it is on the page.
import { manualClock } from '@warrant/authority/testing';
import { createSurface, type ChangeRecord } from '@warrant/surface';
import { memoryWebMcp } from '@warrant/webmcp/testing';
import { localAuthority, type BoardAuthority } from './board-authority.ts';
import { createBoardStore } from './board-store.ts';
import { attemptToRecord } from './domain/agent-acts.ts';
import { askHuman, createExpansionChannel, settleFromElsewhere } from './domain/expansion.ts';
import { createHumanActs } from './domain/human-acts.ts';
import { initialState, type BoardEnv, type BoardState } from './domain/state.ts';
import { testEnv } from './domain/test-support.ts';
import { humanControls } from './human-controls.ts';
import { boardRows, type AgentSide } from './rows.ts';

export interface PageOptions {
  /** How long the agent's request waits for the human. */
  readonly timeoutMs?: number;
  /** How the surface defers a reconcile (a macrotask, as on the page, unless a test is in a hurry). */
  readonly schedule?: (run: () => void) => void;
  /** Who decides the page's acts (a shared server, for two pages); this page itself by default. */
  readonly authority?: BoardAuthority;
  /** Ids and time; two tabs need ids of their own. */
  readonly env?: BoardEnv;
  /** Records refused attempts to write, as the page does (off by default, so a refusal leaves the store as it was). */
  readonly noteRefusals?: boolean;
}

/**
 * A page's worth of board: the store, the human's controls (and the domain acts behind them, for
 * input the controls would never send), the agent's acts behind the board's rows on a real surface,
 * an in-memory WebMCP for the agent to call, and the decision channel on a manual clock (its
 * timeout fires only when the test advances time).
 */
export function boardPage(start?: BoardState, options: PageOptions = {}) {
  const env = options.env ?? testEnv();
  const store = createBoardStore(start ?? initialState(env), options.authority ?? localAuthority(env));
  const clock = manualClock();
  const channel = createExpansionChannel({
    timeoutMs: options.timeoutMs ?? 120_000,
    setTimer: clock.setTimer,
    clearTimer: clock.clearTimer,
  });
  const humanActs = createHumanActs(env);
  const human = humanControls(store, channel);
  const agent = memoryWebMcp();
  const changes: ChangeRecord[] = [];
  const side: AgentSide = {
    askHuman: (ask, call) => askHuman(store, channel, ask, call),
    async noteRefused(call) {
      if (attemptToRecord(call)) await store.commit({ act: 'note_refused', call });
    },
  };
  const surface = createSurface<BoardState>({
    rows: boardRows({
      store,
      agentSide: () => Promise.resolve(side),
      ready: Promise.resolve(),
      inOrder: () => agent.names(),
    }),
    state: store.read,
    webmcp: agent.webmcp,
    onChange: (change) => changes.push(change),
    onCall: (call) => {
      const { name, channel: via, result, caller } = call;
      if (options.noteRefusals && !result.ok && caller !== 'human')
        void side.noteRefused({ name, channel: via, result });
    },
    ...(options.schedule ? { schedule: options.schedule } : {}),
  });
  const unsubscribe = store.subscribe(({ before, after, elsewhere }) => {
    if (elsewhere) settleFromElsewhere(channel, before, after);
    surface.update();
  });
  return {
    store,
    human,
    humanActs,
    agent,
    surface,
    changes,
    channel,
    clock,
    dispose() {
      unsubscribe();
      channel.dispose();
      surface.dispose();
    },
  };
}

export type BoardPage = ReturnType<typeof boardPage>;

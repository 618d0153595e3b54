// Who decides the board's acts for a page: the board's server (server-authority.ts), which decides
// on the board its record holds and tells every page what changed; or, for a page with no server
// (a unit test, the bench), the same domain decision made here on the page's own state.
import type { ToolRefusal } from '@warrant/surface';
import { firstRewrite, ActivityRewriteError } from './activity-rewrite.ts';
import { createAgentActs } from './domain/agent-acts.ts';
import { decideAct, type ActName, type ActOf, type AnswerOfAct } from './domain/board-acts.ts';
import { createHumanActs } from './domain/human-acts.ts';
import type { BoardEnv, BoardState } from './domain/state.ts';
import { refused, type Step } from './domain/step.ts';

export interface BoardAuthority {
  /** False when acts live in this page only (no server). */
  readonly keeps: boolean;
  /**
   * Decides `asked`. `seen` is the board this page shows; the authority decides on the board it
   * holds, and answers the board as the act left it (or the refusal, with `seen` untouched).
   */
  decide<K extends ActName>(asked: ActOf<K>, seen: BoardState): Promise<Step<AnswerOfAct<K>>>;
  /** Told the board as it now stands whenever another page's act moved it on. Returns the unsubscribe. */
  onElsewhere(listener: (state: BoardState) => void): () => void;
}

/** The domain's decision on this page's own state, kept nowhere else. */
export function localAuthority(env: BoardEnv): BoardAuthority {
  const deciders = { agent: createAgentActs(env), human: createHumanActs(env) };
  return {
    keeps: false,
    decide: (asked, seen) => {
      const step = decideAct(deciders, seen, asked);
      if (!step.result.ok) return Promise.resolve(step);
      const at = firstRewrite(seen.activity, step.state.activity);
      if (at !== -1) return Promise.reject(new ActivityRewriteError(at));
      return Promise.resolve(step);
    },
    onElsewhere: () => () => undefined,
  };
}

/** An authority that decides nothing: the board is not loaded, or its server cannot be reached. */
export function noAuthority(refusal: ToolRefusal): BoardAuthority {
  return {
    keeps: false,
    decide: (_asked, seen) => Promise.resolve(refused(seen, refusal)),
    onElsewhere: () => () => undefined,
  };
}

// The agent panel's state: at most one turn at a time, the turn as it goes, and Stop. The endpoint
// (with the person's key, if any) lives only in the closure of the turn that uses it; what the
// page shows of it is its kind and origin.
import { signal, type ReadonlySignal } from '@preact/signals';
import { askModel } from './chat-completions.ts';
import type { Endpoint } from './endpoint.ts';
import { runTurn, type AgentDesk, type TurnView } from './turn.ts';

export interface AskedEndpoint {
  readonly kind: Endpoint['kind'];
  readonly origin: string;
}

export interface AgentSession {
  readonly turn: ReadonlySignal<TurnView | null>;
  /** Which endpoint the current (or last) turn asked. */
  readonly asked: ReadonlySignal<AskedEndpoint | null>;
  readonly running: ReadonlySignal<boolean>;
  /** Starts a turn, unless one is running; settles when it ends. */
  start(task: string, endpoint: Endpoint): Promise<TurnView | null>;
  /** Aborts the running turn: its model request and the verb call under way hear the signal. */
  stop(): void;
}

export function createAgentSession(desk: AgentDesk, now: () => Date = () => new Date()): AgentSession {
  const turn = signal<TurnView | null>(null);
  const asked = signal<AskedEndpoint | null>(null);
  const running = signal(false);
  let controller: AbortController | null = null;
  return {
    turn,
    asked,
    running,
    async start(task, endpoint) {
      if (running.peek()) return null;
      const current = new AbortController();
      controller = current;
      running.value = true;
      asked.value = { kind: endpoint.kind, origin: new URL(endpoint.url).origin };
      try {
        return await runTurn({
          task,
          desk,
          ask: (request, abort) => askModel(endpoint, request, abort),
          signal: current.signal,
          now,
          onChange: (view) => (turn.value = view),
        });
      } finally {
        if (controller === current) controller = null;
        running.value = false;
      }
    },
    stop() {
      controller?.abort();
    },
  };
}

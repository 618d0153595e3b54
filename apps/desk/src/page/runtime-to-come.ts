// The desk's runtime as the verbs' rows hold it before it exists. The rows are made, and the
// always-on ones registered, as the page's first script runs (agent clients list tools at
// navigation); the runtime only once the desk's record has been read from its server. The kernel
// holds every call until then (callsWaitFor), so no row's body reaches the runtime before it is
// there: this stands in for it, and says so plainly if anything does.
import type { DeskRuntime } from './desk-runtime.ts';

export interface RuntimeToCome {
  /** Stands for the runtime in what is made before it: each use reaches the runtime once it is there. */
  readonly desk: DeskRuntime;
  /** Settles when the runtime is there, or the desk cannot open its record (then every use says why). */
  readonly settled: Promise<void>;
  arrive(desk: DeskRuntime): void;
  fail(reason: string): void;
}

export function runtimeToCome(): RuntimeToCome {
  let runtime: DeskRuntime | null = null;
  let problem = 'The dispatch desk is still reading its record.';
  let settle!: () => void;
  const settled = new Promise<void>((resolve) => (settle = resolve));
  const desk = new Proxy({} as DeskRuntime, {
    get(_standIn, key) {
      if (!runtime) throw new Error(problem);
      return Reflect.get(runtime, key) as unknown;
    },
  });
  return {
    desk,
    settled,
    arrive(arrived) {
      runtime = arrived;
      settle();
    },
    fail(reason) {
      problem = `The dispatch desk cannot open its record (${reason}); without it the desk does not act.`;
      settle();
    },
  };
}

import { computed, effect, signal, type ReadonlySignal } from '@preact/signals';
import {
  createSurface,
  type ChangeRecord,
  type ExplainedRow,
  type Row,
  type Surface,
  type SurfaceOptions,
} from '@warrant/surface';
import type { ListedTool, WebMcp } from '@warrant/webmcp';
import { registeredTools } from './registered-tools.ts';

export interface MountOptions<S> {
  readonly rows: readonly Row<S>[];
  /** The state the rows are a function of; every change to it becomes one coalesced reconcile. */
  readonly state: ReadonlySignal<S>;
  /** Null when the page has no WebMCP: forms are still toggled and verdicts explained. */
  readonly webmcp: WebMcp | null;
  /** Where declarative rows find their forms; null or absent in Node. */
  readonly document?: Document | null;
  /** Origins that may discover these tools from another frame. */
  readonly exposedTo?: readonly string[];
  readonly onCall?: SurfaceOptions<S>['onCall'];
  /** Calls wait for this before they are judged: the state is a placeholder until it settles. */
  readonly callsWaitFor?: SurfaceOptions<S>['callsWaitFor'];
}

/** What a page shows about its surface, as signals a Preact component reads. */
export interface SurfaceSignals {
  /** The registered set as the browser's getTools() reports it: what an agent sees. */
  readonly tools: ReadonlySignal<ListedTool[]>;
  /** The last reconcile that added or removed something. */
  readonly lastChange: ReadonlySignal<ChangeRecord | null>;
  /** How many reconciles added or removed something. */
  readonly changeCount: ReadonlySignal<number>;
  /** Why the surface is held, one reason per outstanding hold; empty when it is not. */
  readonly held: ReadonlySignal<readonly string[]>;
  /** Every row with its verdict in the current state, in row order. */
  readonly explained: ReadonlySignal<ExplainedRow[]>;
}

export interface MountedSurface<S> extends SurfaceSignals {
  /** The surface itself; its hold() shows in `held`, its dispose() is this mount's dispose(). */
  readonly surface: Surface<S>;
  /** Settles once the first reconcile has registered the set and the browser's list was read back. */
  readonly ready: Promise<void>;
  /** Drops the surface and stops every listener this mount added. The signals keep their last values. */
  dispose(): void;
}

/**
 * Mounts a surface from a signal of state and starts its first reconcile at once: the
 * registrations are issued before this returns, so an agent that lists tools early finds them.
 */
export function mountSurface<S>(options: MountOptions<S>): MountedSurface<S> {
  const lastChange = signal<ChangeRecord | null>(null);
  const changeCount = signal(0);
  const held = signal<readonly string[]>([]);
  const inner = createSurface<S>({
    rows: options.rows,
    // peek: the kernel reads state outside any component, and must not subscribe one that calls it.
    state: () => options.state.peek(),
    webmcp: options.webmcp,
    document: options.document ?? null,
    ...(options.exposedTo ? { exposedTo: options.exposedTo } : {}),
    onHold: (reasons) => {
      held.value = reasons;
    },
    onChange: (change) => {
      if (change.added.length === 0 && change.removed.length === 0) return;
      changeCount.value += 1;
      lastChange.value = change;
    },
    ...(options.onCall ? { onCall: options.onCall } : {}),
    ...(options.callsWaitFor ? { callsWaitFor: options.callsWaitFor } : {}),
  });

  const reader = registeredTools(options.webmcp);
  let first = true;
  const stopFollowing = effect(() => {
    void options.state.value;
    // The first run only subscribes: the first reconcile is started below, without waiting a task.
    if (first) {
      first = false;
      return;
    }
    inner.update();
  });

  let disposed = false;
  const dispose = (): void => {
    if (disposed) return;
    disposed = true;
    stopFollowing();
    // Before the surface goes: its aborts fire toolchange, which must no longer be read.
    reader.dispose();
    inner.dispose();
  };
  const surface: Surface<S> = { ...inner, dispose };
  const ready = inner.reconcile().then(() => reader.refresh());

  return {
    surface,
    tools: reader.tools,
    lastChange,
    changeCount,
    held,
    explained: computed(() => inner.explain(options.state.value)),
    ready,
    dispose,
  };
}

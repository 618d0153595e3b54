import { computed, signal, type ReadonlySignal } from '@preact/signals';
import { connect, type Connection } from '@warrant/webmcp';
import { CONNECTING_REASON, type BootMode } from './boot-mode.ts';
import { mountSurface, type MountedSurface, type MountOptions, type SurfaceSignals } from './mount-surface.ts';

export interface BootOptions<S> extends Omit<MountOptions<S>, 'webmcp'> {
  /**
   * The WebMCP connection, or a promise of one; `connect()` when absent. A connection already in
   * hand mounts the surface inside this call, so its tools are registered before anything renders.
   */
  readonly connection?: Connection | Promise<Connection>;
}

export interface BootedSurface<S> extends SurfaceSignals {
  readonly mode: ReadonlySignal<BootMode>;
  /** Why the page runs in that mode, in words for the person using it. */
  readonly reason: ReadonlySignal<string>;
  readonly connection: ReadonlySignal<Connection | null>;
  /** The mounted surface once connected; null before (and forever, if disposed first). */
  readonly mount: ReadonlySignal<MountedSurface<S> | null>;
  /** Settles once the first reconcile is done and read back; null if disposed before mounting. */
  readonly ready: Promise<MountedSurface<S> | null>;
  dispose(): void;
}

// A connection that failed outright leaves the page as it is without WebMCP: it still works for
// a person, and says why no agent can reach it.
const unreachable = (error: unknown): Connection => ({
  mode: 'unavailable',
  reason: `WebMCP could not be reached: ${error instanceof Error ? error.message : String(error)}`,
  webmcp: null,
});

/**
 * The boot every app does: find WebMCP, mount the surface on what was found the moment it is
 * found (no wait for rendering), and expose the mode, the reason and the surface's signals from
 * the first paint on (empty until mounted).
 */
export function bootSurface<S>(options: BootOptions<S>): BootedSurface<S> {
  const connection = signal<Connection | null>(null);
  const mount = signal<MountedSurface<S> | null>(null);
  let disposed = false;
  const { connection: given = connect(), ...mountOptions } = options;

  const start = (found: Connection): MountedSurface<S> | null => {
    if (disposed) return null;
    connection.value = found;
    const mounted = mountSurface({ ...mountOptions, webmcp: found.webmcp });
    mount.value = mounted;
    return mounted;
  };
  const whenReady = async (mounted: MountedSurface<S> | null): Promise<MountedSurface<S> | null> => {
    if (!mounted) return null;
    await mounted.ready;
    return mounted;
  };
  const ready = 'then' in given ? given.catch(unreachable).then(start).then(whenReady) : whenReady(start(given));

  return {
    mode: computed(() => connection.value?.mode ?? 'connecting'),
    reason: computed(() => connection.value?.reason ?? CONNECTING_REASON),
    connection,
    mount,
    ready,
    tools: computed(() => mount.value?.tools.value ?? []),
    lastChange: computed(() => mount.value?.lastChange.value ?? null),
    changeCount: computed(() => mount.value?.changeCount.value ?? 0),
    held: computed(() => mount.value?.held.value ?? []),
    explained: computed(() => mount.value?.explained.value ?? []),
    dispose() {
      disposed = true;
      mount.peek()?.dispose();
    },
  };
}

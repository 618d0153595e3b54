import {
  createSurface,
  refusal,
  type CallRecord,
  type ExplainedRow,
  type Row,
  type Surface,
  type ToolResult,
} from '@warrant/surface';
import { connect, type Connection, type ListedTool, type Mode } from '@warrant/webmcp';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { followTools } from './registered-tools.ts';

/** Which WebMCP the page runs on, or that it is still finding out. */
export type SurfaceMode = Mode | 'connecting';

export interface UseSurfaceOptions {
  /** The WebMCP connection, or a promise of one; `connect()` when absent. Read once, at mount. */
  readonly connection?: Connection | Promise<Connection>;
  /** Origins that may discover these tools from another frame. Read once, at mount. */
  readonly exposedTo?: readonly string[];
  /** Told of every call that ran, from an agent or from `call`. The latest function is used; a promise it returns is awaited before the caller is answered. */
  readonly onCall?: (call: CallRecord) => void | Promise<void>;
}

export interface SurfaceView {
  readonly mode: SurfaceMode;
  /** Why the page runs in that mode, in words for the person using it. */
  readonly reason: string;
  /** What an agent can call: the browser's own getTools() answer, read again on every toolchange. */
  readonly inOrder: readonly ListedTool[];
  /** Every row whose verdict is not legal in the current state, with its reason and cite. */
  readonly outOfOrder: readonly ExplainedRow[];
  /** Runs a row as a person at the page's own controls, through every check an agent's call meets. */
  call(name: string, input?: Record<string, unknown>): Promise<ToolResult>;
}

const CONNECTING_REASON = 'Looking for WebMCP in this browser…';

// A connection that failed outright leaves the page as it is without WebMCP, saying why.
const unreachable = (error: unknown): Connection => ({
  mode: 'unavailable',
  reason: `WebMCP could not be reached: ${error instanceof Error ? error.message : String(error)}`,
  webmcp: null,
});

const NONE: readonly never[] = [];

/**
 * One surface for the component's life: registered == the rows legal in `state`, kept so on every
 * state change. The surface is made in an effect once the connection is known and dropped in its
 * cleanup, so StrictMode's mount–unmount–mount makes one surface, never two: the first effect's
 * cleanup runs before the connection (always a promise) is in hand.
 */
export function useSurface<S>(rows: readonly Row<S>[], state: S, options: UseSurfaceOptions = {}): SurfaceView {
  const [connection, setConnection] = useState<Connection | null>(null);
  const [surface, setSurface] = useState<Surface<S> | null>(null);
  const [inOrder, setInOrder] = useState<readonly ListedTool[]>(NONE);
  // The kernel reads state outside React; it sees what was last committed.
  const stateRef = useRef(state);
  const surfaceRef = useRef<Surface<S> | null>(null);
  const onCallRef = useRef(options.onCall);
  // Rows, connection and exposedTo belong to the surface, which is made once.
  const mountRef = useRef({ rows, connection: options.connection, exposedTo: options.exposedTo });

  useEffect(() => {
    const { rows: mountRows, connection: given, exposedTo } = mountRef.current;
    let live = true;
    let drop: (() => void) | null = null;
    void Promise.resolve(given ?? connect())
      .catch(unreachable)
      .then((found) => {
        if (!live) return;
        const made = createSurface<S>({
          rows: mountRows,
          state: () => stateRef.current,
          webmcp: found.webmcp,
          document: typeof document === 'undefined' ? null : document,
          ...(exposedTo ? { exposedTo } : {}),
          onCall: (call) => onCallRef.current?.(call),
        });
        const reader = followTools(found.webmcp, setInOrder);
        surfaceRef.current = made;
        drop = () => {
          // Before the surface goes: its aborts fire toolchange, which must no longer be read.
          reader.dispose();
          made.dispose();
        };
        setConnection(found);
        setSurface(made);
        void made.reconcile().then(() => reader.refresh());
      });
    return () => {
      live = false;
      surfaceRef.current = null;
      drop?.();
    };
  }, []);

  useLayoutEffect(() => {
    onCallRef.current = options.onCall;
  });

  useLayoutEffect(() => {
    stateRef.current = state;
    surfaceRef.current?.update();
  }, [state]);

  const outOfOrder = useMemo(
    () => (surface ? surface.explain(state).filter((row) => !row.verdict.legal) : NONE),
    [surface, state],
  );

  const call = useCallback(
    (name: string, input: Record<string, unknown> = {}): Promise<ToolResult> =>
      surfaceRef.current?.callAsHuman(name, input) ??
      Promise.resolve(
        refusal('NOT_CONNECTED', `${name} cannot run yet: the page is still looking for WebMCP. Nothing was changed.`, {
          tool: name,
        }),
      ),
    [],
  );

  return {
    mode: connection?.mode ?? 'connecting',
    reason: connection?.reason ?? CONNECTING_REASON,
    inOrder,
    outOfOrder,
    call,
  };
}

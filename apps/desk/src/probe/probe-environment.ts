import type { Connection, PlatformContext } from '@warrant/webmcp';
import type { ObservationSeam } from './observation-seam.ts';

/** What every check may use: this page's WebMCP, raw and wrapped, and where to mount frames. */
export interface ProbeEnvironment {
  readonly connection: Connection;
  /**
   * The platform itself, for checks that must see what Warrant's wrapper smooths over (the
   * client object a tool is handed, a refused argument shape, a stale tool entry).
   */
  readonly platform: PlatformContext | null;
  readonly frames: HTMLElement;
  /** An agent's view of the page, supplied from outside it; null when nobody supplies one. */
  readonly observation: ObservationSeam | null;
}

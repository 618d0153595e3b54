import type { Mode } from '@warrant/webmcp';

/** Which WebMCP the page runs on, or that it is still finding out. */
export type BootMode = Mode | 'connecting';

/** The reason shown while connect() has not answered yet. */
export const CONNECTING_REASON = 'Looking for WebMCP in this browser…';

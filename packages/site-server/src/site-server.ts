// What a site's own server module gives (apps/<site>/src/server.ts): its routes, over the
// database it is handed, and how to stop. A site without one serves only its page.
import type { Hono } from 'hono';
import type { Database } from './database.ts';

export interface SiteServer {
  routes(app: Hono): void;
  /** A line for the person who started it (which key, which engine), or null. */
  readonly summary?: string | null;
  close(): Promise<void>;
}

export type OpenSiteServer = (db: Database) => Promise<SiteServer>;

// What a site's own server module gives (apps/<site>/src/server.ts): its routes, over the
// database it is handed, and how to stop. A site without one serves only its page.
import type { Hono } from 'hono';
import type { Database } from './database.ts';

export interface SiteServer {
  routes(app: Hono): void;
  /** A line for the person who started it (which key, which engine), or null. */
  readonly summary?: string | null;
  /**
   * What a person at the server's console may do about who is a person here (`npm start` prints
   * a setup link while there is no one; `npm run people` mints one). Never reachable from a page.
   */
  readonly people?: SitePeopleOperator;
  /**
   * The operator's "start again" (the browser tests' control port, before each test): the site's
   * data afresh, as its people's passkey-confirmed reset makes it. Never reachable from a page.
   */
  operatorReset?(): Promise<void>;
  close(): Promise<void>;
}

export interface SitePeopleOperator {
  /** What a person is called at this site ("dispatcher"). */
  readonly noun: string;
  needsFirstPerson(): Promise<boolean>;
  /** A one-time setup link: a URL that enrols one person, once, before it expires. */
  setupLink(): Promise<{ readonly url: string; readonly expiresAt: string }>;
}

export type OpenSiteServer = (db: Database) => Promise<SiteServer>;

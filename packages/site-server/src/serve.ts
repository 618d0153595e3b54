// The Node adapter: a thin file over the one core (site-app.ts), as Hono's adapters are. It binds
// the port before anything is announced and stops by cutting every open connection (a browser's
// keep-alive or a live event stream would otherwise hold the process open).
import { createServer, type Server } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import type { Hono } from 'hono';

export interface RunningServer {
  readonly server: Server;
  close(): Promise<void>;
}

// A request's headers must arrive within this, so a slow client cannot hold connections open.
const HEADERS_TIMEOUT_MS = 10_000;

/**
 * Listens on host:port; rejects with the listen error (EADDRINUSE for a busy port). `app` may be
 * a promise: the port is bound at once (so a busy port is known in a moment) and requests wait
 * until the site has opened its database.
 */
export function listen(
  app: Hono | Promise<Hono>,
  { port, host }: { readonly port: number; readonly host: string },
): Promise<RunningServer> {
  const ready = Promise.resolve(app);
  ready.catch(() => undefined);
  const server = createServer(
    { headersTimeout: HEADERS_TIMEOUT_MS, requestTimeout: 0 },
    getRequestListener(async (request) => (await ready).fetch(request)),
  );
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve({
        server,
        close: () =>
          new Promise<void>((done, failed) => {
            server.close((error) => (error ? failed(error) : done()));
            server.closeAllConnections();
          }),
      });
    });
  });
}

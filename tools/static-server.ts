import { createServer, type Server, type ServerResponse } from 'node:http';
import sirv from 'sirv';
import { HOST, headersFor, type Site } from '@warrant/config';
import { distOf } from './app-sites.ts';

/**
 * Serves one built app on its own origin, with the headers that origin must carry. Rejects with
 * the listen error (EADDRINUSE for a busy port) when the port cannot be bound.
 */
export function serveSite(site: Site): Promise<Server> {
  const headers = headersFor(site);
  const files = sirv(distOf(site), {
    // Look files up on each request rather than once at start: a rebuild while serving must not 404.
    dev: true,
    etag: true,
    setHeaders: (res) => {
      for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    },
  });
  const notFound = (res: ServerResponse): void => {
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    res.statusCode = 404;
    res.setHeader('Content-Type', 'text/plain; charset=utf-8');
    res.end('Not found');
  };
  const server = createServer((req, res) => {
    // sirv's dev mode would serve dotfiles, such as the build's port-base record: none is public.
    if (/\/(\.|%2e)/i.test(new URL(req.url ?? '/', site.origin).pathname)) return notFound(res);
    files(req, res, () => notFound(res));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(site.port, HOST, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}

/** Stops a server now, cutting off any open connection (a browser's keep-alive would hold it). */
export function stopServer(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    server.closeAllConnections();
  });
}

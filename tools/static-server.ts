import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import sirv from 'sirv';
import { HOST, headersFor, type Site } from '@warrant/config';
import { appRoot } from './app-sites.ts';

/** Serves one built app on its own origin, with the headers that origin must carry. */
export function serveSite(site: Site): Promise<Server> {
  const headers = headersFor(site);
  const files = sirv(join(appRoot(site), 'dist'), {
    // Look files up on each request rather than once at start: a rebuild while serving must not 404.
    dev: true,
    etag: true,
    setHeaders: (res) => {
      for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    },
  });
  const server = createServer((req, res) => {
    files(req, res, () => {
      for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
      res.statusCode = 404;
      res.setHeader('Content-Type', 'text/plain; charset=utf-8');
      res.end('Not found');
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(site.port, HOST, () => resolve(server));
  });
}

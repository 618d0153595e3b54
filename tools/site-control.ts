// The browser tests' switch for one site's server. A test of what a desk does when a partner's
// server stops needs that server really stopped — connections refused, its event stream cut —
// and started again on the same port and data afterwards, while the other sites of its set keep
// serving. serve-all starts this only with --with-test-sites and a port named in
// WARRANT_TEST_CONTROL_PORT, on the loopback address: `npm start` never listens for it.
//
//   POST /sites/<name>/stop   closes the site as a stopped process would (every connection cut,
//                             its database closed); answers once it is closed
//   POST /sites/<name>/start  opens it again; answers once it serves
//   POST /sites/<name>/setup-link
//                             mints a one-time setup link for the site's people, as its operator
//                             does (`npm run people -- setup-link <site>`): { ok, site, url, expiresAt }
//   POST /sites/<name>/reset  starts the site's data afresh, as its operator may (a partner's new
//                             week, the desk's new book): each browser test starts from one. A page
//                             resets only with a person's passkey. { ok, site }
//
// Stop and start answer { ok, site, serving }; doing either twice changes nothing the second time.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

export const TEST_CONTROL_PORT_SETTING = 'WARRANT_TEST_CONTROL_PORT';

export interface ControlledSite {
  /** Whether the site is serving now. */
  serving(): boolean;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** A one-time setup link for the site's people, or null when it has none (or is not serving). */
  setupLink(): Promise<{ readonly url: string; readonly expiresAt: string } | null>;
  /** The operator's reset; false when the site has no data of its own to reset (or is not serving). */
  reset(): Promise<boolean>;
}

export interface SiteControl {
  readonly port: number;
  close(): Promise<void>;
}

const PATH = /^\/sites\/([a-z-]{1,32})\/(stop|start|setup-link|reset)$/;

function answer(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

/** The port named in WARRANT_TEST_CONTROL_PORT, or null when none is named. Throws a RangeError naming the setting for anything but a port. */
export function testControlPortFrom(value: string | undefined): number | null {
  if (value === undefined || value.trim() === '') return null;
  const port = /^\d{1,5}$/.test(value.trim()) ? Number(value) : Number.NaN;
  if (!Number.isInteger(port) || port < 1024 || port > 65_535)
    throw new RangeError(
      `${TEST_CONTROL_PORT_SETTING} must be a port from 1024 to 65535, not ${JSON.stringify(value)}.`,
    );
  return port;
}

export function serveSiteControl(options: {
  readonly port: number;
  readonly host: string;
  readonly sites: ReadonlyMap<string, ControlledSite>;
}): Promise<SiteControl> {
  // One change at a time, so a stop and a start asked together cannot interleave.
  let queue: Promise<unknown> = Promise.resolve();
  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const matched = PATH.exec(request.url ?? '');
    if (request.method !== 'POST' || !matched)
      return answer(response, 404, {
        ok: false,
        code: 'NOT_FOUND',
        message: 'POST /sites/<name>/stop, /sites/<name>/start, /sites/<name>/setup-link or /sites/<name>/reset.',
      });
    const [, name = '', act] = matched;
    const site = options.sites.get(name);
    if (!site)
      return answer(response, 404, {
        ok: false,
        code: 'UNKNOWN_SITE',
        message: `${name} is not a site this process serves.`,
        sites: [...options.sites.keys()],
      });
    if (act === 'setup-link') {
      const link = await site.setupLink().catch((error: unknown) => error);
      if (link === null || link instanceof Error || typeof link !== 'object')
        return answer(response, 409, {
          ok: false,
          code: 'NO_SETUP_LINK',
          message: `${name} has no people of its own, is not serving, or could not mint a link${link instanceof Error ? `: ${link.message}` : ''}.`,
          site: name,
        });
      return answer(response, 200, { ok: true, site: name, ...link });
    }
    if (act === 'reset') {
      const done = await site.reset().catch((error: unknown) => error);
      if (done !== true)
        return answer(response, 409, {
          ok: false,
          code: 'NOT_RESET',
          message: `${name} has no data of its own to reset, is not serving, or could not reset${done instanceof Error ? `: ${done.message}` : ''}.`,
          site: name,
        });
      return answer(response, 200, { ok: true, site: name });
    }
    const change = queue.then(async () => {
      if (act === 'stop' && site.serving()) await site.stop();
      if (act === 'start' && !site.serving()) await site.start();
    });
    queue = change.catch(() => undefined);
    try {
      await change;
      answer(response, 200, { ok: true, site: name, serving: site.serving() });
    } catch (error) {
      answer(response, 500, {
        ok: false,
        code: 'SITE_CONTROL_FAILED',
        message: `${name} could not ${act}: ${error instanceof Error ? error.message : String(error)}`,
        site: name,
        serving: site.serving(),
      });
    }
  };
  const server = createServer((request, response) => {
    request.resume();
    void handle(request, response);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      const address = server.address();
      resolve({
        port: typeof address === 'object' && address !== null ? address.port : options.port,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}

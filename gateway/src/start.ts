import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { gatewayAppFromEnv } from './app.ts';
import { describeUpstream, upstreamFromEnv } from './upstream.ts';

/**
 * How long a client has to send a request's head. Node's own default is a minute, checked only
 * every 30 s, so a crowd of connections each dripping a header line kept every socket open for
 * over a minute; past this bound the server answers 408 and closes.
 */
const HEADER_TIMEOUT_MS = 10_000;
/** How long a whole request (head and body, at most the body cap) may take to arrive. */
const REQUEST_TIMEOUT_MS = 30_000;

export interface StartedGateway {
  readonly origin: string;
  /** One line for the person who started it: the model and where it is forwarded, or what to set for one. */
  readonly summary: string;
  close(): Promise<void>;
}

/**
 * Starts the gateway on host:port (port 0 picks a free one), configured from `env`. Rejects when
 * a variable is set to a value it cannot use, or when the port cannot be bound.
 */
export async function startGateway(options: {
  port: number;
  host: string;
  env: NodeJS.ProcessEnv;
  headerTimeoutMs?: number;
}): Promise<StartedGateway> {
  const app = gatewayAppFromEnv(options.env);
  const headersTimeout = options.headerTimeoutMs ?? HEADER_TIMEOUT_MS;
  const server = createServer(
    {
      headersTimeout,
      requestTimeout: Math.max(REQUEST_TIMEOUT_MS, headersTimeout),
      // Node looks for expired heads on this interval; at its default (30 s) the bound above would be loose by that much.
      connectionsCheckingInterval: Math.min(1_000, headersTimeout),
    },
    getRequestListener(app.fetch),
  );
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  return {
    origin: `http://${host}:${port}`,
    summary: describeUpstream(upstreamFromEnv(options.env)),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Stopping means stopping: an answer still waiting on a slow model is cut off.
        server.closeAllConnections();
      }),
  };
}

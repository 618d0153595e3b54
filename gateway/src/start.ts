import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { gatewayAppFromEnv } from './app.ts';

/**
 * Starts the gateway on host:port (port 0 picks a free one), configured from `env`. Rejects when
 * a variable is set to a value it cannot use, or when the port cannot be bound.
 */
export async function startGateway(options: { port: number; host: string; env: NodeJS.ProcessEnv }): Promise<{ origin: string; close(): Promise<void> }> {
  const server = createServer(getRequestListener(gatewayAppFromEnv(options.env).fetch));
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
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Stopping means stopping: an answer still waiting on a slow model is cut off.
        server.closeAllConnections();
      }),
  };
}

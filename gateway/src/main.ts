import { HOST, SITES } from '@warrant/config';
import { startGateway } from './start.ts';

// `npx tsx gateway/src/main.ts`: the gateway alone, on its registry port, configured from this
// shell's environment. A start that fails says why in one line, not a stack trace.
try {
  const gateway = await startGateway({ port: SITES.gateway.port, host: HOST, env: process.env });
  console.log(`${SITES.gateway.title} ${gateway.origin}/v1/chat/completions — ${gateway.summary}`);
} catch (error) {
  console.error(`${SITES.gateway.title} did not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}

// First, before anything reads an origin: this worker's port base (see server-sets.ts).
import { WORKER_SET } from './server-sets.ts';
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { HOST, LOOPBACK_ADDRESS } from '@warrant/config';
import { startSite, stopSite } from './site-control.ts';

// The desk's server in a process of its own, so a test can kill it with SIGKILL — no cleanup, its
// database left as the kill found it — and start it again on the same port and data, while the
// partners of the worker's set keep serving. The worker's serve-all stops its own desk first
// (tools/site-control.ts), and starts it again when the test gives the desk back.

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface DeskProcess {
  /** SIGKILL, as `kill -9`: resolves once the process is gone. */
  kill(): Promise<void>;
  /** Starts the desk's server again on the same data: resolves once it serves. */
  restart(): Promise<void>;
  /** Ends the desk's own process and gives the desk back to the worker's serve-all. */
  giveBack(): Promise<void>;
}

function serveDesk(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tools/serve-one-site.ts', 'desk', '--with-test-sites'], {
    cwd: ROOT,
    // As playwright.config.ts starts the worker's set: its port base, its data, embedded, its agent endpoints.
    env: {
      ...process.env,
      WARRANT_PORT_BASE: String(WORKER_SET.portBase),
      WARRANT_DATA_DIR: WORKER_SET.dataDir,
      WARRANT_DATABASE_URL: '',
      WARRANT_AGENT_ENDPOINTS: `http://${HOST}:${WORKER_SET.agentPorts.gateway},http://${LOOPBACK_ADDRESS}:${WORKER_SET.agentPorts.scripted}`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let said = '';
  child.stderr?.on('data', (chunk: Buffer) => (said += chunk.toString()));
  return new Promise((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      said += `${line}\n`;
      if (/^Serving\./.test(line)) resolve(child);
    });
    child.once('exit', (code, signal) =>
      reject(new Error(`The desk's own server ended (${signal ?? code}) before it served:\n${said}`)),
    );
  });
}

function ended(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Moves the worker's desk into a process of its own. */
export async function deskInItsOwnProcess(): Promise<DeskProcess> {
  await stopSite('desk');
  let child: ChildProcess | null = null;
  try {
    child = await serveDesk();
  } catch (error) {
    await startSite('desk');
    throw error;
  }
  const kill = async (): Promise<void> => {
    if (!child) return;
    const gone = ended(child);
    child.kill('SIGKILL');
    await gone;
    child = null;
  };
  return {
    kill,
    async restart() {
      await kill();
      child = await serveDesk();
    },
    async giveBack() {
      await kill();
      await startSite('desk');
    },
  };
}

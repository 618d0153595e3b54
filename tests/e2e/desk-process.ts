// First, before anything reads an origin: this worker's port base (see server-sets.ts).
import { WORKER_SET } from './server-sets.ts';
import { spawn, type ChildProcess } from 'node:child_process';
import { cp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { HOST, LOOPBACK_ADDRESS } from '@warrant/config';
import { templateDirFor } from '../../packages/site-server/src/pglite-database.ts';
import { startSite, stopSite } from './site-control.ts';

// The desk's server in a process of its own, so a test can kill it with SIGKILL — no cleanup, its
// database left as the kill found it — and start it again on the same port and data, while the
// partners of the worker's set keep serving. The worker's serve-all stops its own desk first
// (tools/site-control.ts), and starts it again when the test gives the desk back. The set keeps
// every site in one embedded cluster its process holds, so the desk on its own keeps its data in a
// directory of its own, new for each test: a desk with no dispatcher yet, whose setup link it
// prints as it starts.

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface DeskProcess {
  /** The one-time link that enrols this desk's first dispatcher (printed by its server at its first start). */
  readonly setupLink: string;
  /** SIGKILL, as `kill -9`: resolves once the process is gone. */
  kill(): Promise<void>;
  /** Starts the desk's server again on the same data: resolves once it serves. */
  restart(): Promise<void>;
  /** Ends the desk's own process and gives the desk back to the worker's serve-all. */
  giveBack(): Promise<void>;
}

const ON_ITS_OWN = join(WORKER_SET.dataDir, 'desk-on-its-own');

interface Served {
  readonly child: ChildProcess;
  /** The setup link the server printed, if it has no dispatcher yet. */
  readonly setupLink: string | null;
}

function serveDesk(): Promise<Served> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tools/serve-one-site.ts', 'desk', '--with-test-sites'], {
    cwd: ROOT,
    // As playwright.config.ts starts the worker's set: its port base, its data, embedded, its agent endpoints.
    env: {
      ...process.env,
      WARRANT_PORT_BASE: String(WORKER_SET.portBase),
      WARRANT_DATA_DIR: ON_ITS_OWN,
      WARRANT_DATABASE_URL: '',
      WARRANT_AGENT_ENDPOINTS: `http://${HOST}:${WORKER_SET.agentPorts.gateway},http://${LOOPBACK_ADDRESS}:${WORKER_SET.agentPorts.scripted}`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let said = '';
  let setupLink: string | null = null;
  child.stderr?.on('data', (chunk: Buffer) => (said += chunk.toString()));
  return new Promise((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      said += `${line}\n`;
      const link = /^\s+(https?:\/\/\S+#\S+)$/.exec(line);
      if (link) setupLink = link[1] ?? null;
      if (/^Serving\./.test(line)) resolve({ child, setupLink });
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
  let setupLink: string | null;
  try {
    await rm(ON_ITS_OWN, { recursive: true, force: true });
    // The set's PGlite template, so the desk's new directory is a copy, not an initdb.
    await cp(templateDirFor(join(WORKER_SET.dataDir, 'any')), templateDirFor(join(ON_ITS_OWN, 'any')), {
      recursive: true,
    });
    ({ child, setupLink } = await serveDesk());
  } catch (error) {
    await startSite('desk');
    throw error;
  }
  if (setupLink === null) {
    await kill();
    await startSite('desk');
    throw new Error("The desk's own server printed no setup link for its first dispatcher.");
  }
  async function kill(): Promise<void> {
    if (!child) return;
    const gone = ended(child);
    child.kill('SIGKILL');
    await gone;
    child = null;
  }
  return {
    setupLink,
    kill,
    async restart() {
      await kill();
      ({ child } = await serveDesk());
    },
    async giveBack() {
      await kill();
      await startSite('desk');
    },
  };
}

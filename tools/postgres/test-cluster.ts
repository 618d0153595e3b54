// A throwaway PostgreSQL cluster for tests: its own initdb in a fresh temporary directory, its own
// postmaster on a free loopback port, stopped and deleted afterwards. It never touches a system
// service or a cluster it did not start. initdb refuses to run as root, so as root the cluster is
// made and run by the `postgres` user (Debian's package creates it) in a directory that user owns.
//
// The postmaster is a child of the process that starts it, in its process group, never a daemon
// (pg_ctl start would detach it): a run that is stopped (Ctrl-C, or `npm test` stopping the tests
// when a check fails) stops its cluster with it, rather than leave a server running on its port.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, openSync, readdirSync } from 'node:fs';
import { chown, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { delimiter, join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

export interface TestCluster {
  /** postgres://postgres@127.0.0.1:<port>/postgres (trust authentication, loopback only). */
  readonly url: string;
  stop(): Promise<void>;
}

/** Thrown when no PostgreSQL server binaries are installed: the message is the one line to act on. */
export class PostgresNotInstalled extends Error {
  constructor() {
    super(
      'PostgreSQL is not installed (no initdb in /usr/lib/postgresql/*/bin or on PATH): apt-get install postgresql',
    );
    this.name = 'PostgresNotInstalled';
    this.stack = this.message; // the run's failure is this one line, not a stack trace
  }
}

const READY_DEADLINE_MS = 30_000;

export async function startTestCluster(): Promise<TestCluster> {
  const bin = findPostgresBin();
  const asRoot = userInfo().uid === 0;
  const dir = await mkdtemp(join(tmpdir(), 'warrant-pg-'));
  const data = join(dir, 'data');
  const owner = asRoot ? await postgresUser() : null;
  if (owner !== null) await chown(dir, owner.uid, owner.gid);
  // As root every command runs as `postgres`; otherwise as ourselves.
  const as = (command: string, args: readonly string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', join(bin, command), ...args], { cwd: dir })
      : run(join(bin, command), [...args], { cwd: dir });
  const remove = () => rm(dir, { recursive: true, force: true });
  try {
    await as('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C', '--no-sync']);
    const port = await freePort();
    // A test cluster: durability off (it is deleted afterwards), sockets only in its own directory.
    const serverOptions = [
      ...['-p', String(port), '-k', dir],
      ...['-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off', '-c', 'synchronous_commit=off'],
      ...['-c', 'full_page_writes=off'],
    ];
    const postmaster = startPostmaster(asRoot, join(bin, 'postgres'), ['-D', data, ...serverOptions], dir);
    const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
    const stop = async () => {
      // A fast shutdown (SIGINT): open connections are ended, then the postmaster exits.
      if (postmaster.exitCode === null && postmaster.signalCode === null) {
        const exited = new Promise((resolve) => postmaster.once('exit', resolve));
        await as('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']).catch(() => postmaster.kill('SIGKILL'));
        await exited;
      }
      await remove();
    };
    try {
      await waitUntilAccepting(url, join(dir, 'server.log'), postmaster);
    } catch (error) {
      await stop();
      throw error;
    }
    return { url, stop };
  } catch (error) {
    await remove();
    throw error;
  }
}

/** The directory holding initdb and pg_ctl: the newest /usr/lib/postgresql/<version>/bin, else PATH. */
export function findPostgresBin(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((name) => /^\d+$/.test(name) && existsSync(join(root, name, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions[0] !== undefined) return join(root, versions[0], 'bin');
  const onPath = (process.env.PATH ?? '')
    .split(delimiter)
    .find((dir) => dir !== '' && existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl')));
  if (onPath === undefined) throw new PostgresNotInstalled();
  return onPath;
}

async function postgresUser(): Promise<{ uid: number; gid: number }> {
  try {
    const [uid, gid] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])]);
    return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
  } catch {
    throw new Error('Running as root, but there is no `postgres` user to run initdb as: apt-get install postgresql');
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** The postmaster in the foreground, as a child of this process, writing its log to `<dir>/server.log`. */
function startPostmaster(asRoot: boolean, postgres: string, args: readonly string[], dir: string): ChildProcess {
  const log = openSync(join(dir, 'server.log'), 'a');
  try {
    return asRoot
      ? spawn('runuser', ['-u', 'postgres', '--', postgres, ...args], { cwd: dir, stdio: ['ignore', log, log] })
      : spawn(postgres, [...args], { cwd: dir, stdio: ['ignore', log, log] });
  } finally {
    // The child holds its own copy of the descriptor.
    closeSync(log);
  }
}

// Polls with real connections until one succeeds, within a bounded deadline, or the postmaster has
// ended; on failure the server log's last lines say why. The deadline is checked after an attempt,
// never instead of one: this process may not run at all for a while (Vitest's global setup makes the
// PGlite template beside it, and PGlite's initdb holds the event loop), and a run at load 26 once
// failed with the cluster ready for 30 s because the first look after the pause was at the clock.
async function waitUntilAccepting(url: string, log: string, postmaster: ChildProcess): Promise<void> {
  const deadline = Date.now() + READY_DEADLINE_MS;
  let last: unknown = null;
  while (postmaster.exitCode === null && postmaster.signalCode === null) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1_000 });
    try {
      await client.connect();
      await client.query('SELECT 1');
      await client.end();
      return;
    } catch (error) {
      last = error;
      await client.end().catch(() => undefined);
    }
    if (Date.now() >= deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const tail = (await readFile(log, 'utf8').catch(() => '')).trim().split('\n').slice(-12).join(' | ');
  throw new Error(
    `The test PostgreSQL cluster did not accept connections within ${READY_DEADLINE_MS / 1000} s (${String(last)}); server log: ${tail}`,
  );
}

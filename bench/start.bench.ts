import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PORT_BASE } from '@warrant/config';
import { ROOT } from '../tools/app-sites.ts';
import { median, round, timing, type BenchResult } from './measure.ts';
import { BenchStop } from './ports.ts';

// `npm start`'s serving half, as a person runs it: `tsx tools/serve-all.ts` (every built site on
// its own server, and the model gateway), timed from the spawn to the line "Serving.". First with
// a fresh, empty WARRANT_DATA_DIR (every site's PGlite database created and migrated), then again
// with that directory kept (databases opened). Its resident memory once serving is the sum of
// VmRSS over the process tree (tsx's CLI and the Node process it runs), from /proc.
//
// The ports are moved well away from the bench's own (WARRANT_PORT_BASE=START_PORT_BASE); if
// one of them is held, serve-all stops with its one line and the bench stops with it. The whole
// span (the desk's port to the gateway's, 3,614 above it) stays below 32768, where Linux's
// ephemeral ports begin: a base of 31000 put the gateway on 34614, which an outgoing connection
// of the run itself had taken ("Port 34614 (Model gateway) is in use"). Both bases also stay clear
// of the browser tests' two slots (15173 and 21173, each with its 3,614 above).

const RUNS = 2;
const START_PORT_BASE = PORT_BASE === 25500 ? 29000 : 25500;
const SERVING_DEADLINE_MS = 300_000;

/** Every process under `root` (itself included), from /proc's parent links. */
function processTree(root: number): number[] {
  const parents = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command name is in parentheses and may hold spaces: the fields after it are fixed.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(ppid, [...(parents.get(ppid) ?? []), Number(entry)]);
    } catch {
      // A process that ended while the table was read.
    }
  }
  const tree: number[] = [];
  const queue = [root];
  while (queue.length > 0) {
    const pid = queue.shift() as number;
    tree.push(pid);
    queue.push(...(parents.get(pid) ?? []));
  }
  return tree;
}

function rssMiB(pids: readonly number[]): number {
  let kB = 0;
  for (const pid of pids) {
    try {
      const line = readFileSync(`/proc/${pid}/status`, 'utf8')
        .split('\n')
        .find((text) => text.startsWith('VmRSS:'));
      kB += Number(line?.split(/\s+/)[1] ?? 0);
    } catch {
      // Gone meanwhile.
    }
  }
  return kB / 1024;
}

interface Start {
  readonly ms: number;
  readonly rssMb: number;
  readonly processes: number;
}

function stopped(child: ChildProcess): Promise<void> {
  return new Promise((resolve) =>
    child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve()),
  );
}

async function startOnce(dataDir: string): Promise<Start> {
  const env: Record<string, string | undefined> = {
    ...process.env,
    WARRANT_PORT_BASE: String(START_PORT_BASE),
    WARRANT_DATA_DIR: dataDir,
  };
  delete env['WARRANT_DATABASE_URL'];
  const began = performance.now();
  const child = spawn(join(ROOT, 'node_modules', '.bin', 'tsx'), ['tools/serve-all.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  try {
    const ms = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(
            new Error(`serve-all did not say "Serving." within ${SERVING_DEADLINE_MS / 1000} s: ${output.slice(-500)}`),
          ),
        SERVING_DEADLINE_MS,
      );
      child.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Serving.')) {
          clearTimeout(timer);
          resolve(performance.now() - began);
        }
      });
      child.stderr?.on('data', (chunk: Buffer) => void (output += chunk.toString()));
      child.once('exit', (code) => {
        clearTimeout(timer);
        const line = output.trim().split('\n').at(-1) ?? '';
        reject(
          code === 1 && /in use|WARRANT_/.test(line)
            ? new BenchStop(line)
            : new Error(`serve-all ended (${code}) before serving: ${output.slice(-500)}`),
        );
      });
    });
    const tree = processTree(child.pid as number);
    return { ms, rssMb: rssMiB(tree), processes: tree.length };
  } finally {
    // serve-all closes every server on SIGTERM (tsx passes it on) and exits.
    child.kill('SIGTERM');
    const ended = await Promise.race([
      stopped(child).then(() => true),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 20_000)),
    ]);
    if (!ended) {
      child.kill('SIGKILL');
      await stopped(child);
    }
  }
}

export async function startBenchmarks(): Promise<BenchResult[]> {
  const first: Start[] = [];
  const second: Start[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const dataDir = await mkdtemp(join(tmpdir(), 'warrant-bench-start-'));
    try {
      first.push(await startOnce(dataDir));
      second.push(await startOnce(dataDir));
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }
  const how = `\`tsx tools/serve-all.ts\` spawned with WARRANT_PORT_BASE=${START_PORT_BASE} and WARRANT_DATA_DIR a temporary directory (WARRANT_DATABASE_URL unset: PGlite), from the spawn to "Serving." on its stdout (every site's port bound and every site's database opened and migrated, the gateway listening); stopped with SIGTERM between runs`;
  const all = [...first, ...second];
  return [
    timing(
      {
        id: 'start.first_run_ms',
        unit: 'ms',
        goal: 'report',
        digits: 0,
        note: `${how}. First run: the data directory is fresh and empty, so each site's database is created. ${RUNS} runs, each in a new directory.`,
      },
      first.map((s) => s.ms),
    ),
    timing(
      {
        id: 'start.second_run_ms',
        unit: 'ms',
        goal: 'report',
        digits: 0,
        note: `${how}. Second run: the same directory kept from the first run, so each database is opened, not created. ${RUNS} runs.`,
      },
      second.map((s) => s.ms),
    ),
    timing(
      {
        id: 'start.rss_mb',
        unit: 'MiB',
        goal: 'report',
        digits: 1,
        note: `Resident memory of that process tree at the moment it said "Serving.": VmRSS summed over tsx's CLI process and every descendant (${all[0]?.processes ?? '?'} processes), from /proc. All ${all.length} starts (median ${round(median(first.map((s) => s.rssMb)), 1)} MiB on first runs, ${round(median(second.map((s) => s.rssMb)), 1)} MiB on second runs).`,
      },
      all.map((s) => s.rssMb),
    ),
  ];
}

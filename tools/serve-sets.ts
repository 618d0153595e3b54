import { spawn, type ChildProcess } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { ROOT } from './app-sites.ts';

// The browser tests' sets of servers (tests/e2e/server-sets.ts), started at once. Playwright starts
// the servers of its `webServer` list one after another, and each set's start is mostly its sites
// opening their PGlite databases, on one core per set: given one set each, the two would take twice
// the time of one. So playwright.config.ts names one server, this program, and it starts one
// `serve-all` per set side by side, each with its set's environment.
//
// Each set's output is passed on, line by line, under its port base (its standard error to this
// program's, which Playwright shows). It says `Serving.` (what
// Playwright waits for) only once every set has; a set's own `Serving.` is passed on reworded, so
// it cannot be taken for all of them. When a set ends, the others are stopped and this ends with
// its exit code (a busy port: serve-all's one-line message, then exit 1). Playwright stops this
// program by killing its process group, which holds every set.

/** The environment of each set, as playwright.config.ts gives it (JSON in WARRANT_SERVER_SETS). */
export type SetEnvironments = ReadonlyArray<Readonly<Record<string, string>>>;

export const SERVING = 'Serving.';

/** The sets' environments from WARRANT_SERVER_SETS; a refusal that says what is wrong otherwise. */
export function parseSetEnvironments(given: string | undefined): SetEnvironments {
  const parsed: unknown = given === undefined ? undefined : JSON.parse(given);
  if (
    !Array.isArray(parsed) ||
    parsed.length === 0 ||
    !parsed.every(
      (env: unknown) =>
        typeof env === 'object' &&
        env !== null &&
        Object.values(env).every((value) => typeof value === 'string') &&
        typeof (env as Record<string, unknown>)['WARRANT_PORT_BASE'] === 'string',
    )
  )
    throw new Error('WARRANT_SERVER_SETS must be a JSON list of environments, each naming its WARRANT_PORT_BASE.');
  return parsed as SetEnvironments;
}

export interface ServeSetsOptions {
  /**
   * The program one set runs and its arguments, started without a shell: stopping a set signals
   * the program itself (a shell killed in its place would leave it running, holding its ports).
   */
  readonly command: readonly [string, ...string[]];
  readonly sets: SetEnvironments;
  /** Where a line goes: a set's standard output to `out`, its standard error and this program's own word of a set's end to `err`. */
  readonly write: (line: string, stream?: 'out' | 'err') => void;
}

export interface ServedSets {
  /** The first exit code of any set, once the others have been told to stop. */
  readonly ended: Promise<number>;
  /** Stops every set (as Playwright does, by ending this program). */
  stop(): void;
}

/** Starts every set at once. */
export function serveSets({ command, sets, write }: ServeSetsOptions): ServedSets {
  const children: ChildProcess[] = [];
  const stop = (): void => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  };
  const ended = new Promise<number>((resolve) => {
    const serving = new Set<number>();
    let over = false;
    const end = (code: number): void => {
      if (over) return;
      over = true;
      stop();
      resolve(code);
    };
    sets.forEach((env, index) => {
      const label = `[servers@${env['WARRANT_PORT_BASE']}]`;
      const [program, ...args] = command;
      const child = spawn(program, args, {
        cwd: ROOT,
        env: { ...process.env, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      children.push(child);
      const passOn = (stream: NodeJS.ReadableStream, to: 'out' | 'err'): void => {
        let rest = '';
        stream.on('data', (chunk: Buffer) => {
          const lines = (rest + chunk.toString()).split('\n');
          rest = lines.pop() ?? '';
          for (const line of lines) {
            if (line.startsWith(SERVING)) {
              write(`${label} serving`);
              serving.add(index);
              if (serving.size === sets.length) write(SERVING);
            } else write(`${label} ${line}`, to);
          }
        });
        stream.on('end', () => {
          if (rest !== '') write(`${label} ${rest}`, to);
        });
      };
      passOn(child.stdout!, 'out');
      passOn(child.stderr!, 'err');
      child.once('error', (error) => {
        write(`${label} could not start: ${error.message}`, 'err');
        end(1);
      });
      child.once('exit', (code, signal) => {
        write(`${label} ended (${signal ?? `exit ${code}`})`, 'err');
        end(code ?? 1);
      });
    });
  });
  return { ended, stop };
}

async function main(): Promise<void> {
  const sets = parseSetEnvironments(process.env['WARRANT_SERVER_SETS']);
  const code = await serveSets({
    // Node itself with tsx's loader: one process per set, which a stop reaches (no npx, no shell).
    command: [process.execPath, '--import', 'tsx', 'tools/serve-all.ts', '--with-test-sites'],
    sets,
    // Playwright shows a server's standard error, not its output: a busy port's one line is seen.
    write: (line, stream = 'out') => (stream === 'err' ? process.stderr : process.stdout).write(`${line}\n`),
  }).ended;
  process.exit(code);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) await main();

// For tests only: a site server in a process of its own, started from a script that says, on one
// line of its standard output, "listening <port>" once it serves (and may add words after the
// port, which the test reads). A test that needs what only separate processes show — a kill
// mid-write, two servers sharing nothing but their database — starts one with this and waits on
// that line, never on a fixed time.
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

export interface ServerChild {
  readonly process: ChildProcess;
  /** Where it serves: http://127.0.0.1:<port>. */
  readonly url: string;
  /** What followed the port on its "listening" line (trimmed), '' when nothing did. */
  readonly said: string;
  /** Its exit: the signal, or the code. */
  readonly exited: Promise<NodeJS.Signals | number | null>;
  /** Kills it (SIGKILL) unless it has exited, and waits for its exit. */
  kill(): Promise<void>;
}

/** Runs `script` with Node and tsx from `cwd`, with `env` over this process's; resolves once it listens. */
export function startServerChild(
  script: string,
  options: { cwd: string; env: Record<string, string> },
): Promise<ServerChild> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal ?? code)),
  );
  const kill = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  };
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      const match = /^listening (\d+)(?:\s+(.*))?$/.exec(line);
      if (match)
        resolve({ process: child, url: `http://127.0.0.1:${match[1]}`, said: (match[2] ?? '').trim(), exited, kill });
    });
    void exited.then((how) => reject(new Error(`${script} exited (${String(how)}) before it listened:\n${stderr}`)));
  });
}

import { spawn } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { ROOT } from './app-sites.ts';
import { chooseLanes, type Choice } from './lane-choice.ts';

// `npm run test:e2e`, after the build: every browser lane. playwright.config.ts's two lanes
// (native, polyfill) and the cross-site lane (playwright.cross-site.config.ts), whose sites are on
// hosts of their own and so need servers of their own: a configuration of its own. The arguments
// go to Playwright as they would to one run and choose the lanes (lane-choice.ts).
//
// The chosen configurations run at once: each starts its own servers on ports of its own (the
// cross-site lane's 2,000 above the run's base, clear of the other lanes' sets; its own data
// directory) and writes its own report, so neither waits for the other; the cross-site lane's two
// tests and its server start then take no time of their own. The first configuration's output
// goes straight to the terminal; each other's is printed whole once every lane has ended, never
// interleaved. Every lane chosen runs, even when one fails; the exit code is the first failure's,
// in the order the lanes are listed.

export interface LaneRun {
  readonly code: number;
  /** What the lane printed, when it was kept rather than shown as it went. */
  readonly output: string;
}

/** Runs every choice at once, the first one `live`; answers the first failing exit code (0 if none), printing each kept output after all have ended. */
export async function runLanesAtOnce(
  choices: readonly Choice[],
  run: (choice: Choice, live: boolean) => Promise<LaneRun>,
  print: (text: string) => void,
): Promise<number> {
  const runs = await Promise.all(choices.map((choice, index) => run(choice, index === 0)));
  for (const { output } of runs) if (output !== '') print(output);
  return runs.find((lane) => lane.code !== 0)?.code ?? 0;
}

function playwright({ config, args }: Choice, live: boolean): Promise<LaneRun> {
  return new Promise((resolve) => {
    const child = spawn('npx', ['playwright', 'test', ...(config === null ? [] : ['-c', config]), ...args], {
      cwd: ROOT,
      stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    });
    const output: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
    child.once('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.once('close', (code) => resolve({ code: code ?? 1, output: Buffer.concat(output).toString() }));
  });
}

async function main(): Promise<void> {
  process.exitCode = await runLanesAtOnce(chooseLanes(process.argv.slice(2), ROOT), playwright, (text) =>
    process.stdout.write(text),
  );
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) await main();

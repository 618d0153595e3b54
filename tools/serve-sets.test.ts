import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSetEnvironments, SERVING, serveSets } from './serve-sets.ts';

// The browser tests' server sets start side by side; Playwright is told "Serving." only once every
// set is serving, and a set that ends ends them all with its exit code.

/**
 * A stand-in for serve-all: says it serves when its set's SAY_SERVING is "yes", then ends with
 * EXIT_CODE if given. With HERE_DIR, it leaves a file named for its base there once it has said its
 * pid, and with WAIT_FOR (bases, comma-separated) ends only once those sets have: a loaded machine
 * once started the set that ends before the others had said their pids.
 */
const FAKE_SET: [string, ...string[]] = [
  process.execPath,
  '-e',
  `
  const { existsSync, writeFileSync } = require('node:fs');
  const { join } = require('node:path');
  const here = process.env.HERE_DIR;
  console.log('set ' + process.env.WARRANT_PORT_BASE + ' here');
  console.log('pid ' + process.pid);
  if (here) writeFileSync(join(here, process.env.WARRANT_PORT_BASE), '');
  if (process.env.SAY_SERVING === 'yes') console.log('Serving.');
  if (process.env.COMPLAIN) console.error(process.env.COMPLAIN);
  const others = (process.env.WAIT_FOR ?? '').split(',').filter(Boolean);
  const end = () => {
    if (others.every((base) => existsSync(join(here, base)))) process.exit(Number(process.env.EXIT_CODE));
    else setTimeout(end, 20);
  };
  if (process.env.EXIT_CODE) end();
  setInterval(() => {}, 1000);
`,
];

/** Whether the process `pid` still runs. */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('serveSets', () => {
  it('says Serving. once, after every set has, and a set ending stops the others with its exit code', async () => {
    const here = mkdtempSync(join(tmpdir(), 'serve-sets-'));
    const lines: string[] = [];
    let servingAt = -1;
    const code = await serveSets({
      command: FAKE_SET,
      sets: [
        { WARRANT_PORT_BASE: '100', SAY_SERVING: 'yes', HERE_DIR: here },
        { WARRANT_PORT_BASE: '200', SAY_SERVING: 'yes', HERE_DIR: here },
        { WARRANT_PORT_BASE: '300', EXIT_CODE: '3', HERE_DIR: here, WAIT_FOR: '100,200' },
      ],
      write: (line) => {
        lines.push(line);
        if (line === SERVING) servingAt = lines.length;
      },
    }).ended;
    expect(code).toBe(3);
    // The third set never served: nothing told Playwright the sets were up.
    expect(servingAt).toBe(-1);
    expect(lines).toContain('[servers@300] set 300 here');
    expect(lines).toContain('[servers@300] ended (exit 3)');
    // Every set is stopped, not only a shell around it: nothing is left holding a set's ports.
    const pids = lines.flatMap((line) => /^\[servers@\d+\] pid (\d+)$/.exec(line)?.[1] ?? []).map(Number);
    expect(pids).toHaveLength(3);
    await expect.poll(() => pids.filter(running), { timeout: 10_000 }).toEqual([]);
  });

  it('passes each set its own environment and says Serving. when the last of them serves', async () => {
    const lines: string[] = [];
    const served = serveSets({
      command: FAKE_SET,
      sets: [
        { WARRANT_PORT_BASE: '100', SAY_SERVING: 'yes' },
        { WARRANT_PORT_BASE: '200', SAY_SERVING: 'yes' },
      ],
      write: (line) => {
        lines.push(line);
        // What Playwright waits for; then it stops the servers.
        if (line === SERVING) served.stop();
      },
    });
    await served.ended;
    expect(lines).toContain('[servers@100] set 100 here');
    expect(lines).toContain('[servers@200] set 200 here');
    expect(lines.filter((line) => line === SERVING)).toHaveLength(1);
    expect(lines.indexOf(SERVING)).toBeGreaterThan(lines.indexOf('[servers@100] serving'));
    expect(lines.indexOf(SERVING)).toBeGreaterThan(lines.indexOf('[servers@200] serving'));
  });
});

describe("a set's standard error", () => {
  it('is passed on as standard error, which Playwright shows (a busy port says so in one line there), as is how the set ended', async () => {
    const lines: Array<[string, string | undefined]> = [];
    const busy = 'Port 16174 (Food pantry) is in use.';
    const code = await serveSets({
      command: FAKE_SET,
      sets: [{ WARRANT_PORT_BASE: '100', COMPLAIN: busy, EXIT_CODE: '1' }],
      write: (line, stream) => lines.push([line, stream]),
    }).ended;
    expect(code).toBe(1);
    expect(lines).toContainEqual(['[servers@100] set 100 here', 'out']);
    expect(lines).toContainEqual([`[servers@100] ${busy}`, 'err']);
    expect(lines).toContainEqual(['[servers@100] ended (exit 1)', 'err']);
  });
});

describe('parseSetEnvironments', () => {
  it('takes a list of environments, each with its port base', () => {
    expect(parseSetEnvironments('[{"WARRANT_PORT_BASE":"15173"}]')).toEqual([{ WARRANT_PORT_BASE: '15173' }]);
  });

  it('refuses anything else, saying what it wants', () => {
    for (const given of [undefined, '[]', '{}', '[{"WARRANT_DATA_DIR":"x"}]', '[{"WARRANT_PORT_BASE":15173}]'])
      expect(() => parseSetEnvironments(given)).toThrow(/WARRANT_SERVER_SETS must be a JSON list/);
  });
});

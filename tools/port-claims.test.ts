import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from './app-sites.ts';
import { claimFreeBase } from './port-claims.ts';

// Two `npm test` runs side by side once both took ports 41173… for their `npm start` tests (each
// saw them free, then each started there), and both failed. A range claimed by one process is
// never handed to another while the first lives, and a claim its dead holder left is taken over.
// The claims here are kept in a directory of this test's own, so the same test in a run beside
// this one cannot take them over in between.

const FROM = 51_173;
const HOST = '127.0.0.1';
const dir = mkdtempSync(join(tmpdir(), 'warrant-claims-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Another process: Node with tsx's loader, not `npx tsx` (npx and tsx's launcher cost seconds a
// spawn on a loaded machine, and are not what this test is about).
/** The base another process claims from `from` (released before it exits, or left behind with `leave`). */
function claimElsewhere(from: number, leave: boolean): number {
  const script = `import { claimFreeBase } from './tools/port-claims.ts'; const c = await claimFreeBase(${from}, '${HOST}', { dir: ${JSON.stringify(dir)} }); console.log(c.base); ${leave ? '' : 'await c.release();'}`;
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`the other process could not claim: ${run.stderr}`);
  return Number(run.stdout.trim());
}

describe('port ranges claimed across processes', () => {
  it('another process never gets a range this one holds, and gets it once released', async () => {
    const mine = await claimFreeBase(FROM, HOST, { dir });
    try {
      expect(claimElsewhere(mine.base, false)).toBeGreaterThan(mine.base);
    } finally {
      await mine.release();
    }
    expect(claimElsewhere(mine.base, false)).toBe(mine.base);
  });

  it('a claim left by a process that has ended is taken over', async () => {
    const left = claimElsewhere(FROM, true);
    const mine = await claimFreeBase(left, HOST, { dir });
    await mine.release();
    expect(mine.base).toBe(left);
  });
});

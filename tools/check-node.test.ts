import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from './app-sites.ts';

// tools/check-node.mjs, run by plain Node as `npm start` runs it, in a checkout whose package.json
// asks for a given Node.

const checkouts = mkdtempSync(join(tmpdir(), 'warrant-check-node-'));
afterAll(() => rmSync(checkouts, { recursive: true, force: true }));

function checkWith(engines: string) {
  const root = mkdtempSync(join(checkouts, 'checkout-'));
  mkdirSync(join(root, 'tools'));
  copyFileSync(join(ROOT, 'tools', 'check-node.mjs'), join(root, 'tools', 'check-node.mjs'));
  writeFileSync(join(root, 'package.json'), JSON.stringify({ engines: { node: engines } }));
  return spawnSync(process.execPath, [join(root, 'tools', 'check-node.mjs')], { encoding: 'utf8' });
}

describe('check-node', () => {
  it("passes silently on this project's own engines and on exactly this Node", () => {
    expect(spawnSync(process.execPath, [join(ROOT, 'tools', 'check-node.mjs')], { encoding: 'utf8' })).toMatchObject({
      status: 0,
      stdout: '',
      stderr: '',
    });
    expect(checkWith(`>=${process.versions.node}`)).toMatchObject({ status: 0, stderr: '' });
  });

  it('stops an older Node with one line saying what is needed and what this is', () => {
    const [major, minor, patch] = process.versions.node.split('.').map(Number) as [number, number, number];
    for (const newer of [`${major + 1}.0.0`, `${major}.${minor + 1}.0`, `${major}.${minor}.${patch + 1}`]) {
      const run = checkWith(`>=${newer}`);
      expect(run.status).toBe(1);
      expect(run.stderr).toBe(
        `Warrant needs Node.js ${newer} or newer (package.json "engines": ">=${newer}"); this is Node.js ${process.versions.node}. Install a newer Node.js (https://nodejs.org) and run the command again.\n`,
      );
    }
  });
});

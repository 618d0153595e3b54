import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ed25519 } from '@noble/curves/ed25519.js';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerTree, serialiseLedger } from './desk-ledger.ts';
import { serialiseJsonEntries } from './json-entries.ts';
import { MerkleTree } from './merkle-tree.ts';
import { consistencyProofJson, inclusionProofJson } from './proof-json.ts';
import { signTreeHead } from './tree-head.ts';
import { chained, rowBody } from '../test-support/rows.ts';
import { installLedgerBuild, type InstalledLedger } from '../test-support/installed-build.ts';

// The built bin, run by plain Node as a child process (no tsx, no loaders, no tsconfig paths),
// on files written to disk: a good export, a truncated one, an edited one.

const BUILD_TIMEOUT_MS = 180_000;
let installed: InstalledLedger;
beforeAll(() => {
  installed = installLedgerBuild();
}, BUILD_TIMEOUT_MS);
afterAll(() => installed?.remove());

const cleanEnv = Object.fromEntries(
  Object.entries(process.env).filter(
    ([key]) => key !== 'NODE_OPTIONS' && !key.startsWith('VITEST') && !key.startsWith('npm_'),
  ),
);

function run(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const child = spawnSync(process.execPath, [installed.bin, ...args], {
    cwd: installed.dir,
    env: cleanEnv,
    encoding: 'utf8',
  });
  return { status: child.status, stdout: child.stdout, stderr: child.stderr };
}

function file(name: string, content: string | object): string {
  const path = join(installed.dir, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  return path;
}

const secret = ed25519.utils.randomSecretKey();
const bodies = fc.sample(rowBody, { numRuns: 20, seed: 19 });
const rows = chained(bodies);
const tree = ledgerTree(rows);
const head = signTreeHead({ size: 20, root: tree.root(), timestamp: '2026-12-01T09:30:00.000Z' }, secret);

describe('warrant-ledger verify (the built bin, in plain Node)', () => {
  it('passes a good export, exit 0', () => {
    const result = run(
      'verify',
      file('good.tsv', serialiseLedger(rows)),
      '--head',
      file('head.json', head),
      '--key',
      head.key,
    );
    expect(result).toMatchObject({ status: 0, stderr: '' });
    expect(result.stdout).toMatch(
      /^OK .*good\.tsv: 20 rows verify: the chain holds, and rows 1 to 20 match the head of 20 rows signed at 2026-12-01T09:30:00.000Z/,
    );
  });

  it('fails a truncated export, exit 1, naming the first missing row', () => {
    const result = run(
      'verify',
      file('truncated.tsv', serialiseLedger(rows.slice(0, 15))),
      '--head',
      file('head.json', head),
    );
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(
      /^FAIL .*truncated\.tsv at row 16 \(truncated\): Row 16 is missing: the head of 20 rows/,
    );
  });

  it('passes the truncated export with a consistency proof that the head extends it', () => {
    const result = run(
      'verify',
      file('truncated.tsv', serialiseLedger(rows.slice(0, 15))),
      '--head',
      file('head.json', head),
      '--proof',
      file('consistency.json', consistencyProofJson(tree, 15, 20)),
    );
    expect(result.status).toBe(0);
  });

  it('fails an edited export, exit 1, naming the edited row', () => {
    const lines = serialiseLedger(rows).split('\n');
    lines[7] = (lines[7] as string).replace(/\t[^\t]*\t([0-9a-f]{64})$/, '\tchanged after the fact\t$1');
    const result = run('verify', file('edited.tsv', lines.join('\n')), '--head', file('head.json', head));
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/^FAIL .*edited\.tsv at row 7 \(edited\): Row 7 was changed after it was written/);
  });

  it('fails an export rewritten with its chain recomputed: the head catches what the chain cannot', () => {
    const rewritten = chained(bodies.map((body, index) => (index === 11 ? { ...body, detail: 'rewritten' } : body)));
    const result = run('verify', file('rewritten.tsv', serialiseLedger(rewritten)), '--head', file('head.json', head));
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/\(rewritten\): Rows 1 to 20 do not hash to the root of the head/);
  });

  it('checks an inclusion proof, and fails a head signed by another key than the pinned one', () => {
    expect(
      run(
        'verify',
        file('good.tsv', serialiseLedger(rows)),
        '--head',
        file('head.json', head),
        '--proof',
        file('inclusion.json', inclusionProofJson(tree, 5)),
      ).status,
    ).toBe(0);
    const other = signTreeHead({ size: 20, root: tree.root() }, ed25519.utils.randomSecretKey());
    const result = run(
      'verify',
      file('good.tsv', serialiseLedger(rows)),
      '--head',
      file('other.json', other),
      '--key',
      head.key,
    );
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      '(head): The tree head does not verify: the head is signed with another key than the one trusted',
    );
  });

  it('reads a record exported as JSON entries (the bench’s) by its header: passes it, fails it with one entry edited or a head from another key', () => {
    const entries = Array.from({ length: 6 }, (_, index) =>
      JSON.stringify({ seq: index + 1, type: 'move_main_motion', payload: { text: `Motion ${index + 1} «à»` } }),
    );
    const entryTree = new MerkleTree();
    for (const entry of entries) entryTree.append(new TextEncoder().encode(entry));
    const entriesHead = signTreeHead(
      { size: 6, root: entryTree.root(), timestamp: '2026-12-07T21:00:00.000Z' },
      secret,
    );
    const good = run(
      'verify',
      file('record.jsonl', serialiseJsonEntries(entries)),
      '--head',
      file('record-head.json', entriesHead),
      '--key',
      entriesHead.key,
    );
    expect(good).toMatchObject({ status: 0, stderr: '' });
    expect(good.stdout).toMatch(
      /^OK .*record\.jsonl: 6 rows verify: the chain holds, and rows 1 to 6 match the head of 6 rows/,
    );

    const edited = entries.map((entry, index) =>
      index === 3 ? entry.replace('Motion 4', 'Motion 4, amended') : entry,
    );
    const changed = run(
      'verify',
      file('edited.jsonl', serialiseJsonEntries(edited)),
      '--head',
      file('record-head.json', entriesHead),
      '--key',
      entriesHead.key,
    );
    expect(changed.status).toBe(1);
    expect(changed.stderr).toMatch(
      /^FAIL .*edited\.jsonl \(rewritten\): Rows 1 to 6 do not hash to the root of the head/,
    );

    const stranger = signTreeHead({ size: 6, root: entryTree.root() }, ed25519.utils.randomSecretKey());
    const otherKey = run(
      'verify',
      file('record.jsonl', serialiseJsonEntries(entries)),
      '--head',
      file('stranger-head.json', stranger),
      '--key',
      entriesHead.key,
    );
    expect(otherKey.status).toBe(1);
    expect(otherKey.stderr).toContain(
      '(head): The tree head does not verify: the head is signed with another key than the one trusted',
    );
  });

  it('exits 2 with the usage for a command not written as documented, or a file it cannot read', () => {
    expect(run('verify', 'a.tsv')).toMatchObject({ status: 2, stderr: expect.stringContaining('--head is required') });
    expect(run('check')).toMatchObject({ status: 2, stderr: expect.stringContaining('unknown command "check"') });
    expect(run('verify', join(installed.dir, 'missing.tsv'), '--head', file('head.json', head))).toMatchObject({
      status: 2,
      stderr: expect.stringContaining('cannot read the ledger'),
    });
    expect(run('--help')).toMatchObject({ status: 0, stdout: expect.stringContaining('Usage: warrant-ledger verify') });
  });
});

// The command the README gives works from the repository's root as it is checked out and
// installed (`npm ci`, no build): npm links the package's launcher, which runs the source.
describe('npx warrant-ledger from the repository root', () => {
  const root = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..', '..');

  it('verifies a good export against its head, and fails a truncated one naming the first missing row', () => {
    const npx = (...args: string[]) =>
      spawnSync('npx', ['--no-install', 'warrant-ledger', ...args], { cwd: root, env: cleanEnv, encoding: 'utf8' });
    const good = npx('verify', file('root-good.tsv', serialiseLedger(rows)), '--head', file('root-head.json', head));
    expect(good).toMatchObject({ status: 0 });
    const cut = npx(
      'verify',
      file('root-cut.tsv', serialiseLedger(rows.slice(0, 17))),
      '--head',
      file('root-head.json', head),
    );
    expect(cut.status).toBe(1);
    expect(cut.stderr).toMatch(/at row 18 \(truncated\): Row 18 is missing/);
  });
});

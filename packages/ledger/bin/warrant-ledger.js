#!/usr/bin/env node
/* global process, URL */
// The `warrant-ledger` command. An installed package (bin, dist, no src) runs its build,
// dist/cli.js. Inside this repository the packages run from their TypeScript sources: there the
// command runs the source through tsx, the repository's own TypeScript runner, so `npx
// warrant-ledger verify …` works from the repository root as it is, and never runs a dist/ left
// by an earlier `npm run build:packages` (older than the source, or being rewritten by a test).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const source = fileURLToPath(new URL('../src/cli.ts', import.meta.url));
if (existsSync(source)) {
  const ran = spawnSync(process.execPath, ['--import', 'tsx', source, ...process.argv.slice(2)], { stdio: 'inherit' });
  process.exitCode = ran.status ?? 1;
} else {
  await import(new URL('../dist/cli.js', import.meta.url).href);
}

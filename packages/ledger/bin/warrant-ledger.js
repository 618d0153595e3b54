#!/usr/bin/env node
/* global process, URL */
// The `warrant-ledger` command. An installed package runs its build, dist/cli.js. Inside this
// repository the packages run from their TypeScript sources, and dist/ exists only after
// `npm run build:packages`; there the command runs the source through tsx, the repository's own
// TypeScript runner, so `npx warrant-ledger verify …` works from the repository root as it is.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const built = new URL('../dist/cli.js', import.meta.url);
if (existsSync(fileURLToPath(built))) {
  await import(built.href);
} else {
  const source = fileURLToPath(new URL('../src/cli.ts', import.meta.url));
  const ran = spawnSync(process.execPath, ['--import', 'tsx', source, ...process.argv.slice(2)], { stdio: 'inherit' });
  process.exitCode = ran.status ?? 1;
}

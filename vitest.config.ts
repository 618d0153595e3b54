import { defineConfig } from 'vitest/config';

export default defineConfig({
  // @warrant packages resolve to their sources (tsconfig paths), not to their built dist/.
  resolve: { tsconfigPaths: true },
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'apps/*/src/**/*.test.ts',
      'tools/**/*.test.ts',
      'gateway/src/**/*.test.ts',
    ],
    environment: 'node',
    // Two files at a time, each in a process of its own: Vitest's default on two cores is one, and
    // the suite then runs its files one after another, idle while a file waits on a server, a
    // child process or a timer. In processes rather than threads, so a file that measures its own
    // memory (tools/site-guard.test.ts: "memory flat") measures only itself.
    pool: 'forks',
    maxWorkers: 2,
    // Each worker process imports the code once and runs file after file in it, rather than a new
    // process and a fresh import per file: on this 2-core machine the per-file import was most of
    // the suite's CPU (measured alone: 281 s wall, 488 s CPU isolated; 171 s, 273 s not). Nothing
    // here reads configuration at import that a test changes, so no file sees another's state.
    isolate: false,
    // One place for how long a test may take, and no file asks for less: a file that takes 5 s
    // alone takes ten times that on this 2-core machine beside the browser suite and a second
    // `npm test` (measured: a desk server file 34 s alone, 344 s in a full run). A limit here is
    // for a test that hangs, not for one that is slow; speed is measured by `npm run bench`.
    testTimeout: 240_000,
    hookTimeout: 300_000,
    // A real PostgreSQL cluster of the run's own (and a PGlite template) for the storage tests.
    globalSetup: ['tools/postgres/vitest-global-setup.ts'],
  },
});

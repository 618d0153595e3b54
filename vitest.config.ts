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
    // A property test that takes 1 s on a quiet machine takes several on a loaded 2-core one: give
    // every test the time a busy machine needs, so a slow run is not a red one.
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // A real PostgreSQL cluster of the run's own (and a PGlite template) for the storage tests.
    globalSetup: ['tools/postgres/vitest-global-setup.ts'],
  },
});

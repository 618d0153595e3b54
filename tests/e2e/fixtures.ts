// First, before anything reads an origin: this worker's port base (see server-sets.ts).
import { WORKER_SET } from './server-sets.ts';
import { test as base, expect } from '@playwright/test';
import { SITES, type Site } from '@warrant/config';
import { resetSite } from './site-control.ts';

// Every browser test starts from a fresh start, as each test's fresh browser context once gave it
// when partners kept their records in the browser. Partners now keep them on their servers, which
// outlive a test, so before each test every partner of this worker's set of servers is reset as
// its operator may reset it (the control port, tools/site-control.ts: the book is archived and a
// new week seeded; a page resets only with a staff member's passkey), and the test begins once
// each has answered. Specs take `test` and `expect` from here, never from @playwright/test.

// The worker's origins must be its own set's: if @warrant/config was read before server-sets.ts
// moved the base, every test would talk to the other worker's servers. Say so rather than share.
if (SITES.desk.port !== WORKER_SET.portBase) {
  throw new Error(
    `This worker tests against the servers at port base ${WORKER_SET.portBase}, but @warrant/config was read with the desk on ${SITES.desk.port}: import tests/e2e/server-sets.ts (or fixtures.ts) before anything that imports @warrant/config.`,
  );
}

// The desk keeps its approvals on its server too: a reset opens a new book there (dispatchers and
// their passkeys stay, as people do). The bench keeps its meeting on its server: a reset leaves it
// one empty record. The launch board keeps its board on its server: a reset opens a new book there,
// with a fresh board.
const SERVED: readonly Site[] = Object.values(SITES).filter(
  (site) => site.role === 'partner' || site.name === 'desk' || site.name === 'bench' || site.name === 'board',
);

async function resetServed(site: Site): Promise<void> {
  try {
    await resetSite(site.name);
  } catch (error) {
    throw new Error(
      `${site.title} could not be reset before the test (${error instanceof Error ? error.message : String(error)}).`,
      { cause: error },
    );
  }
}

/** Every site of this worker's set back to a fresh start, each answered before the test begins. */
async function freshStart(): Promise<void> {
  await Promise.all(SERVED.map(resetServed));
}

export const test = base.extend<{ freshStart: void }>({
  freshStart: [
    // Playwright reads a fixture's dependencies from this pattern: the reset needs none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      await freshStart();
      await use();
    },
    { auto: true },
  ],
});

export { expect };

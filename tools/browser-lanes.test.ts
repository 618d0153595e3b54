import { describe, expect, it } from 'vitest';
import { runLanesAtOnce, type LaneRun } from './browser-lanes.ts';
import type { Choice } from './lane-choice.ts';

// The browser lanes' configurations run at once: the first shown as it goes, each other's output
// printed whole after every lane has ended, and the exit code the first failure's in lane order.

const lanes: Choice[] = [
  { config: 'playwright.config.ts', args: [] },
  { config: 'playwright.cross-site.config.ts', args: [] },
];

describe('runLanesAtOnce', () => {
  it('starts every lane before any ends, shows the first live and prints the others whole once all have ended', async () => {
    const started: string[] = [];
    const printed: string[] = [];
    let release: () => void = () => undefined;
    const allStarted = new Promise<void>((resolve) => (release = resolve));
    const code = await runLanesAtOnce(
      lanes,
      async (choice, live): Promise<LaneRun> => {
        started.push(`${choice.config} ${live ? 'live' : 'kept'}`);
        if (started.length === lanes.length) release();
        // No lane ends until every lane has started: they run at once.
        await allStarted;
        return { code: 0, output: live ? '' : `${choice.config} said\n` };
      },
      (text) => printed.push(text),
    );
    expect(code).toBe(0);
    expect(started).toEqual(['playwright.config.ts live', 'playwright.cross-site.config.ts kept']);
    expect(printed).toEqual(['playwright.cross-site.config.ts said\n']);
  });

  it('runs every lane even when one fails, and answers the first failure in lane order', async () => {
    const ran: string[] = [];
    const code = await runLanesAtOnce(
      lanes,
      async (choice) => {
        ran.push(choice.config ?? '');
        return { code: choice.config === 'playwright.config.ts' ? 1 : 3, output: '' };
      },
      () => undefined,
    );
    expect(ran).toHaveLength(2);
    expect(code).toBe(1);
  });
});

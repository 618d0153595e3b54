import { expect, test } from './fixtures.ts';
import { SITES } from '@warrant/config';
import { laneOf } from './agent.ts';
import { POLYFILL } from './lanes.ts';

// The seam between the desk and its partners, seen from the desk's health page: each partner's
// own document, framed on its own origin, answers what its WebMCP is, over the origin-checked
// frame report (the desk cannot read another origin's document any other way).

const PARTNERS = Object.values(SITES).filter((site) => site.role === 'partner');

test(
  "the health page shows each partner's WebMCP mode and keying, as the partner's own framed document reports them",
  { tag: POLYFILL },
  async ({ page }, testInfo) => {
    await page.goto(`${SITES.desk.origin}/health.html`);
    await expect(page.locator('body')).toHaveAttribute('data-ready', 'true', { timeout: 60_000 });
    // Natively a framed partner has the browser's WebMCP; with the polyfill, which refuses to run in
    // a cross-origin frame, it has none of its own and offers its tools over the desk's channel.
    const mode = laneOf(testInfo) === 'native' ? /^native: / : /^unavailable: .*polyfill.*channel/;
    for (const partner of PARTNERS) {
      await expect(page.locator(`[data-site="${partner.name}"] [data-fact="mode"]`), partner.name).toHaveText(mode);
      await expect(page.locator(`[data-site="${partner.name}"] [data-fact="keying"]`), partner.name).toHaveText(
        'origin-keyed (originAgentCluster is true)',
      );
      await expect(page.locator(`[data-site="${partner.name}"] .fine-print`), partner.name).toContainText(
        'Its own document answered',
      );
    }
  },
);

import { expect, test } from './fixtures.ts';
import { headersFor, HOST, LOOPBACK_ADDRESS, SITES, type SiteName } from '@warrant/config';
import { WORKER_SET } from './server-sets.ts';

// Every product origin serves the headers @warrant/config gives it, and its page runs under that
// strict CSP without a single violation or page error. These servers are started for the browser
// tests (--with-test-sites), so theirs are the test sites' headers.

for (const name of ['bench', 'board'] as const satisfies readonly SiteName[]) {
  test(`${name} serves its origin's headers and runs clean under its CSP`, async ({ page }) => {
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(String(error)));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    const response = await page.goto(`${SITES[name].origin}/`);
    expect(response?.status()).toBe(200);
    const headers = response?.headers() ?? {};
    for (const [header, value] of Object.entries(headersFor(SITES[name], { withTestSites: true })))
      expect(headers[header.toLowerCase()], header).toBe(value);
    expect(headers['content-security-policy']).toContain("script-src 'self'");
    expect(headers['content-security-policy']).not.toContain('unsafe-eval');
    await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
    expect(await page.evaluate(() => window.originAgentCluster)).toBe(true);
    expect(problems).toEqual([]);
  });
}

// The desk's page may connect to its own origin, the model gateway and the endpoints its server
// was started with (WARRANT_AGENT_ENDPOINTS, which playwright.config.ts sets per set), each by its
// port: no other port on this computer.
test('the desk serves a connect-src that names exactly itself, the gateway and the configured endpoints', async ({
  page,
}) => {
  const endpoints = [
    `http://${HOST}:${WORKER_SET.agentPorts.gateway}`,
    `http://${LOOPBACK_ADDRESS}:${WORKER_SET.agentPorts.scripted}`,
  ];
  const response = await page.goto(`${SITES.desk.origin}/`);
  expect(response?.status()).toBe(200);
  const headers = response?.headers() ?? {};
  for (const [header, value] of Object.entries(
    headersFor(SITES.desk, { withTestSites: true, agentEndpoints: endpoints }),
  ))
    expect(headers[header.toLowerCase()], header).toBe(value);
  const connectSrc = headers['content-security-policy']
    ?.split('; ')
    .find((directive) => directive.startsWith('connect-src'));
  expect(connectSrc).toBe(`connect-src 'self' ${SITES.gateway.origin} ${endpoints.join(' ')}`);
  expect(headers['content-security-policy']).not.toContain(':*');
});

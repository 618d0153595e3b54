import type { Page, TestInfo } from '@playwright/test';
import { pageAgentCall, pageAgentListTools, type PageAgentTool } from '@warrant/webmcp/testing';

export type Lane = 'native' | 'polyfill';

export function laneOf(testInfo: TestInfo): Lane {
  return testInfo.project.name === 'native' ? 'native' : 'polyfill';
}

/**
 * The agent in a browser test: a real caller from outside the page's code. In the native lane it
 * is Playwright's page.webmcp (over the DevTools protocol, as an external agent would be); the
 * polyfill's tools are invisible there, so in that lane it calls the platform from the page's
 * world, as an extension's content script would.
 */
export interface Agent {
  tools(): Promise<PageAgentTool[]>;
  names(): Promise<string[]>;
  call(name: string, input?: object): Promise<unknown>;
}

export function agentFor(page: Page, lane: Lane): Agent {
  const agent: Agent = {
    async tools() {
      if (lane === 'native') {
        const tools = await page.webmcp.tools();
        return tools.map((t) => ({
          name: t.name,
          description: t.description,
          ...(t.inputSchema ? { inputSchema: t.inputSchema as object } : {}),
        }));
      }
      return page.evaluate(pageAgentListTools);
    },
    async names() {
      return (await agent.tools()).map((t) => t.name).sort();
    },
    async call(name, input = {}) {
      if (lane === 'native') return page.webmcp.callTool(name, input as Record<string, unknown>);
      return (await page.evaluate(pageAgentCall, { name, input })).result;
    },
  };
  return agent;
}

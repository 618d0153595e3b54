import type { WebMcp } from '@warrant/webmcp';
import { memoryWebMcp } from '@warrant/webmcp/testing';
import { describe, expect, it } from 'vitest';
import { createSurface } from './surface.ts';
import type { Row } from './row.ts';

// A registration the platform refuses must not leave registered != legal until some unrelated
// change: the kernel reports it and tries again.

const row: Row<boolean> = {
  kind: 'imperative',
  name: 'flaky_tool',
  title: 'Flaky tool',
  description: () => 'A tool whose first registration the platform refuses.',
  verdict: (on) => ({ legal: on }),
  inputSchema: () => ({ type: 'object', properties: {}, additionalProperties: false }),
  run: () => ({ ok: true }),
};

describe('a refused registration', () => {
  it('is reported, not counted as added, and registered on a later attempt', async () => {
    const memory = memoryWebMcp();
    let refusals = 1;
    const webmcp: WebMcp = {
      ...memory.webmcp,
      registerTool(tool, options) {
        if (refusals > 0) {
          refusals -= 1;
          return Promise.reject(new Error('transient failure'));
        }
        return memory.webmcp.registerTool(tool, options);
      },
    };
    const surface = createSurface<boolean>({ rows: [row], state: () => true, webmcp });
    const first = await surface.reconcile();
    expect(first.errors).toEqual(['flaky_tool: transient failure']);
    expect(first.added).toEqual([]);
    expect(memory.names()).toEqual([]);
    await expect.poll(() => memory.names(), { timeout: 30_000 }).toEqual(['flaky_tool']);
    surface.dispose();
    expect(memory.names()).toEqual([]);
  });
});

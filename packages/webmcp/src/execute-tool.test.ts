// @vitest-environment jsdom
import { cleanupWebMCPPolyfill, initializeWebMCPPolyfill } from '@mcp-b/webmcp-polyfill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wrapContext } from './connect.ts';
import { documentContext, type PlatformContext } from './platform.ts';

// The pinned polyfill takes executeTool's input only as a JSON string (Chromium 156 only as an
// object), so under it the negotiation really happens.

let context: PlatformContext;

beforeAll(() => {
  (globalThis as Record<string, unknown>)['ShadowRoot'] ??= window.ShadowRoot;
  initializeWebMCPPolyfill();
  const found = documentContext(document);
  if (!found) throw new Error('polyfill did not install');
  context = found;
});

afterAll(() => cleanupWebMCPPolyfill());

describe('executeTool argument-shape negotiation', () => {
  it('refuses to reissue a write tool its runtime refused the expected shape for, and the tool does not run', async () => {
    // The polyfill's context, taken for a native runtime (as a Chrome <= 154 with WebMCP would be): object first.
    const webmcp = wrapContext(context, 'native');
    let runs = 0;
    const controller = new AbortController();
    await webmcp.registerTool(
      { name: 'write_thing', description: 'Writes.', execute: () => ((runs += 1), { ok: true }) },
      { signal: controller.signal },
    );
    const outcome = await webmcp.executeTool('write_thing', { a: 1 });
    expect(outcome).toMatchObject({ ok: false, code: 'SHAPE_REFUSED', shape: 'object' });
    expect(runs).toBe(0);
    expect(webmcp.acceptedShape()).toBeNull();
    controller.abort();
  });

  it("calls a write first in its runtime's shape, and calls no other tool to learn it", async () => {
    const webmcp = wrapContext(context, 'polyfill');
    const controller = new AbortController();
    const ran: string[] = [];
    await webmcp.registerTool(
      {
        name: 'probe_me',
        description: 'Reads.',
        annotations: { readOnlyHint: true },
        execute: () => (ran.push('probe_me'), { ok: true }),
      },
      { signal: controller.signal },
    );
    await webmcp.registerTool(
      {
        name: 'write_first',
        description: 'Writes.',
        execute: (input) => (ran.push(`write_first ${JSON.stringify(input)}`), { ok: true }),
      },
      { signal: controller.signal },
    );
    const outcome = await webmcp.executeTool('write_first', { n: 1 });
    expect(outcome).toMatchObject({ ok: true, shape: 'string', value: { ok: true } });
    expect(ran).toEqual(['write_first {"n":1}']);
    controller.abort();
  });

  it('reissues a read-only tool as a string, reports the shape, and caches it for write tools', async () => {
    const webmcp = wrapContext(context, 'polyfill');
    const controller = new AbortController();
    const seen: unknown[] = [];
    await webmcp.registerTool(
      {
        name: 'read_thing',
        description: 'Reads.',
        annotations: { readOnlyHint: true },
        execute: (input) => ({ echo: input }),
      },
      { signal: controller.signal },
    );
    await webmcp.registerTool(
      { name: 'write_thing', description: 'Writes.', execute: (input) => (seen.push(input), { ok: true }) },
      { signal: controller.signal },
    );
    const read = await webmcp.executeTool('read_thing', { q: 'x' });
    expect(read).toEqual({ ok: true, shape: 'string', raw: '{"echo":{"q":"x"}}', value: { echo: { q: 'x' } } });
    expect(webmcp.acceptedShape()).toBe('string');
    const write = await webmcp.executeTool('write_thing', { n: 2 });
    expect(write).toMatchObject({ ok: true, shape: 'string', value: { ok: true } });
    expect(seen).toEqual([{ n: 2 }]);
    controller.abort();
  });

  it('answers NOT_REGISTERED for a tool that is not there', async () => {
    const webmcp = wrapContext(context, 'polyfill');
    expect(await webmcp.executeTool('nothing_here', {})).toMatchObject({ ok: false, code: 'NOT_REGISTERED' });
  });

  it('strips window from listed tools so they serialise', async () => {
    const webmcp = wrapContext(context, 'polyfill');
    const controller = new AbortController();
    await webmcp.registerTool(
      { name: 'listed', description: 'Listed.', execute: () => 1 },
      { signal: controller.signal },
    );
    const tools = await webmcp.getTools();
    expect(() => JSON.stringify(tools)).not.toThrow();
    expect(tools.find((t) => t.name === 'listed')).not.toHaveProperty('window');
    controller.abort();
  });

  it('asks for a tool another origin exposed by that origin, since only then is it listed', async () => {
    const asked: Array<readonly string[] | undefined> = [];
    const partnerTool = {
      name: 'list_beds',
      description: 'Lists beds.',
      origin: 'http://partner.test:1',
      annotations: { readOnlyHint: true },
    };
    const fake = {
      registerTool: async () => undefined,
      getTools: async (options?: { fromOrigins?: string[] }) => {
        asked.push(options?.fromOrigins);
        return options?.fromOrigins?.includes(partnerTool.origin) ? [{ ...partnerTool, execute: undefined }] : [];
      },
      executeTool: async () => JSON.stringify({ ok: true, beds: 3 }),
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    } as unknown as PlatformContext;
    const outcome = await wrapContext(fake, 'native').executeTool({ ...partnerTool, title: '' }, {});
    expect(outcome).toMatchObject({ ok: true, value: { ok: true, beds: 3 } });
    expect(asked).toEqual([['http://partner.test:1']]);
  });
});

import { describe, expect, it } from 'vitest';
import { wrapContext } from './connect.ts';
import type { PlatformContext, PlatformRegisteredTool } from './platform.ts';

// Two frames of one partner origin, both registering the same names (a read lease's frame and an
// execute lease's frame): the browser lists both entries under one origin, told apart only by the
// `window` of the frame that registered each. A caller bound to one frame must see and run only
// that frame's entries.

const PARTNER = 'http://partner.test:1';

function twoFrames() {
  const readFrame = { name: 'read frame' } as unknown as Window;
  const executeFrame = { name: 'execute frame' } as unknown as Window;
  const entry = (name: string, window: Window, readOnly: boolean): PlatformRegisteredTool => ({
    name,
    title: name,
    description: `${name} in ${(window as unknown as { name: string }).name}`,
    origin: PARTNER,
    window,
    inputSchema: { type: 'object', properties: {} },
    annotations: { readOnlyHint: readOnly },
  });
  // Chromium sorts by name, so each name's two entries sit side by side, the read frame's first.
  const entries = [
    entry('hold_beds', readFrame, false),
    entry('hold_beds', executeFrame, false),
    entry('list_bed_availability', readFrame, true),
    entry('list_bed_availability', executeFrame, true),
  ];
  const ran: { name: string; frame: string; input: unknown }[] = [];
  const context = {
    registerTool: async () => undefined,
    getTools: async (options?: { fromOrigins?: string[] }) =>
      options?.fromOrigins?.includes(PARTNER) ? entries.map((tool) => ({ ...tool })) : [],
    executeTool: async (tool: PlatformRegisteredTool, input: unknown) => {
      ran.push({ name: tool.name, frame: (tool.window as unknown as { name: string }).name, input });
      return JSON.stringify({ ok: true });
    },
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  } as unknown as PlatformContext;
  return { webmcp: wrapContext(context, 'native'), readFrame, executeFrame, ran };
}

describe("a frame's own tools", () => {
  it('lists only the entries the given frame registered, without their window', async () => {
    const { webmcp, executeFrame } = twoFrames();
    const listed = await webmcp.getTools({ fromOrigins: [PARTNER], fromWindow: executeFrame });
    expect(listed.map((tool) => tool.description)).toEqual([
      'hold_beds in execute frame',
      'list_bed_availability in execute frame',
    ]);
    expect(listed.some((tool) => 'window' in tool)).toBe(false);
    expect(() => JSON.stringify(listed)).not.toThrow();
  });

  it('without a frame lists every frame’s entries, as the browser does', async () => {
    const { webmcp } = twoFrames();
    expect(await webmcp.getTools({ fromOrigins: [PARTNER] })).toHaveLength(4);
  });

  it('runs the entry of the given frame, not the first one of that name', async () => {
    const { webmcp, readFrame, executeFrame, ran } = twoFrames();
    const [hold] = await webmcp.getTools({ fromOrigins: [PARTNER], fromWindow: executeFrame });
    if (!hold) throw new Error('nothing listed');
    expect(await webmcp.executeTool(hold, { count: 1 }, { window: executeFrame })).toMatchObject({
      ok: true,
      value: { ok: true },
    });
    const beds = (await webmcp.getTools({ fromOrigins: [PARTNER], fromWindow: readFrame })).find(
      (tool) => tool.name === 'list_bed_availability',
    );
    if (!beds) throw new Error('nothing listed');
    expect(await webmcp.executeTool(beds, {}, { window: readFrame })).toMatchObject({ ok: true });
    // Only the calls that were asked for ran, each in its own frame: no tool was run to learn the write's shape.
    expect(ran.map((run) => `${run.name}@${run.frame}`)).toEqual([
      'hold_beds@execute frame',
      'list_bed_availability@read frame',
    ]);
  });

  it('answers NOT_REGISTERED when the given frame has no such tool, and runs nothing elsewhere', async () => {
    const { webmcp, ran } = twoFrames();
    const elsewhere = { name: 'a removed frame' } as unknown as Window;
    const outcome = await webmcp.executeTool(
      { name: 'hold_beds', title: '', description: '', origin: PARTNER },
      {},
      { window: elsewhere },
    );
    expect(outcome).toMatchObject({ ok: false, code: 'NOT_REGISTERED' });
    expect(await webmcp.getTools({ fromOrigins: [PARTNER], fromWindow: elsewhere })).toEqual([]);
    expect(ran).toEqual([]);
  });
});

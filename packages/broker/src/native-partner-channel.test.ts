import { SITES } from '@warrant/config';
import {
  wrapContext,
  type ExecuteOutcome,
  type ListedTool,
  type PlatformContext,
  type PlatformRegisteredTool,
  type WebMcp,
} from '@warrant/webmcp';
import { describe, expect, it } from 'vitest';
import { openNativePartnerChannel } from './native-partner-channel.ts';
import { PARTNER_ENVELOPE } from './partner-envelope.ts';

const PANTRY = SITES.pantry.origin;
const SHELTER = SITES.shelter.origin;

function desk(tools: ListedTool[]) {
  const asked: unknown[] = [];
  const executed: {
    tool: ListedTool | string;
    input: object | undefined;
    signal: AbortSignal | undefined;
    window: Window | undefined;
  }[] = [];
  const webmcp: Pick<WebMcp, 'getTools' | 'executeTool'> = {
    async getTools(options) {
      asked.push(options);
      return tools;
    },
    async executeTool(tool, input, options): Promise<ExecuteOutcome> {
      executed.push({ tool, input, signal: options?.signal, window: options?.window });
      return { ok: true, shape: 'object', raw: '{"ok":true}', value: { ok: true } };
    },
  };
  return { webmcp, asked, executed };
}

const tool = (name: string, origin: string): ListedTool => ({ name, title: name, description: name, origin });
const frameWindow = (name: string): Window => ({ name }) as unknown as Window;

describe('the native transport', () => {
  it('discovers with getTools({ fromOrigins: [partner], fromWindow: its frame }) and keeps only the partner’s tools', async () => {
    const { webmcp, asked } = desk([
      tool('open_lease', SITES.desk.origin),
      tool('list_parcel_stock', PANTRY),
      tool('list_bed_availability', SHELTER),
    ]);
    const frame = { window: frameWindow('pantry frame') };
    const channel = openNativePartnerChannel({ webmcp, origin: PANTRY, frame, settleMs: 0 });
    expect((await channel.tools()).map((listed) => listed.name)).toEqual(['list_parcel_stock']);
    // Looked at twice: the second look shows the list has settled.
    expect(asked).toEqual([
      { fromOrigins: [PANTRY], fromWindow: frame.window },
      { fromOrigins: [PANTRY], fromWindow: frame.window },
    ]);
    expect(channel.transport).toBe('native');
  });

  it('takes the list only once it has stopped growing, not while the partner is still registering', async () => {
    const all = ['list_parcel_stock', 'check_dietary_fit', 'read_pantry_notes', 'reserve_parcels'].map((name) =>
      tool(name, PANTRY),
    );
    const looks = [all.slice(0, 1), all.slice(0, 3), all, all];
    let asked = 0;
    const webmcp: Pick<WebMcp, 'getTools' | 'executeTool'> = {
      getTools: async () => looks[Math.min((asked += 1), looks.length) - 1] ?? [],
      executeTool: async () => ({ ok: true, shape: 'object', raw: null, value: null }),
    };
    const channel = openNativePartnerChannel({
      webmcp,
      origin: PANTRY,
      frame: { window: frameWindow('pantry frame') },
      settleMs: 0,
    });
    expect((await channel.tools()).map((listed) => listed.name)).toEqual([
      'list_parcel_stock',
      'check_dietary_fit',
      'read_pantry_notes',
      'reserve_parcels',
    ]);
    expect(asked).toBe(4);
  });

  it('calls the discovered entry with executeTool, the call’s signal and its frame', async () => {
    const { webmcp, executed } = desk([tool('list_parcel_stock', PANTRY)]);
    const frame = { window: frameWindow('pantry frame') };
    const channel = openNativePartnerChannel({ webmcp, origin: PANTRY, frame, settleMs: 0 });
    const signal = new AbortController().signal;
    expect(await channel.call('list_parcel_stock', { a: 1 }, { signal })).toMatchObject({ ok: true, shape: 'object' });
    expect(executed).toEqual([
      { tool: tool('list_parcel_stock', PANTRY), input: { a: 1 }, signal, window: frame.window },
    ]);
  });

  it('does not call a tool of another origin that happens to share the name, and nothing once closed', async () => {
    const { webmcp, executed } = desk([tool('read_pantry_notes', SHELTER)]);
    const channel = openNativePartnerChannel({
      webmcp,
      origin: PANTRY,
      frame: { window: frameWindow('pantry frame') },
      settleMs: 0,
    });
    expect(await channel.call('read_pantry_notes', {}, { signal: new AbortController().signal })).toMatchObject({
      ok: false,
      code: 'NOT_REGISTERED',
    });
    channel.close();
    expect(await channel.call('read_pantry_notes', {}, { signal: new AbortController().signal })).toMatchObject({
      ok: false,
      code: 'CHANNEL_CLOSED',
    });
    expect(executed).toEqual([]);
  });

  it('lists nothing and calls nothing for a frame that has no window', async () => {
    const { webmcp, asked, executed } = desk([tool('list_parcel_stock', PANTRY)]);
    const channel = openNativePartnerChannel({ webmcp, origin: PANTRY, frame: { window: null }, settleMs: 0 });
    expect(await channel.tools()).toEqual([]);
    expect(await channel.call('list_parcel_stock', {}, { signal: new AbortController().signal })).toMatchObject({
      ok: false,
      code: 'NOT_REGISTERED',
    });
    expect(asked).toEqual([]);
    expect(executed).toEqual([]);
  });
});

describe('what the frame says on the desk’s window', () => {
  it('passes on the page saying it lost its server, from its own frame and origin only', async () => {
    const { webmcp } = desk([tool('list_parcel_stock', PANTRY)]);
    const host = new EventTarget();
    const frame = frameWindow('pantry frame');
    const faults: string[] = [];
    const channel = openNativePartnerChannel({
      webmcp,
      origin: PANTRY,
      frame: { window: frame },
      settleMs: 0,
      host: host as never,
      onFault: (fault) => faults.push(fault),
    });
    const post = (source: unknown, origin: string, data: unknown): void =>
      void host.dispatchEvent(Object.assign(new Event('message'), { data, origin, source }));
    const fault = { envelope: PARTNER_ENVELOPE, version: 1, kind: 'fault', id: 'fault-1', fault: 'server_unreachable' };
    post(frameWindow('another frame'), PANTRY, fault);
    post(frame, SHELTER, fault);
    expect(faults).toEqual([]);
    post(frame, PANTRY, fault);
    expect(faults).toEqual(['server_unreachable']);
    channel.close();
    post(frame, PANTRY, fault);
    expect(faults).toEqual(['server_unreachable']);
  });
});

describe('two leases on one partner, each with its own frame', () => {
  // The browser's own answer, as Chromium gives it: one origin, every name once per frame, sorted
  // by name (the read lease's frame first), each entry carrying its frame's window.
  function browserWithTwoShelterFrames() {
    const readFrame = frameWindow('read lease frame');
    const executeFrame = frameWindow('execute lease frame');
    const entry = (name: string, window: Window, readOnlyHint: boolean): PlatformRegisteredTool => ({
      name,
      title: name,
      description: name,
      origin: SHELTER,
      window,
      annotations: { readOnlyHint },
    });
    const entries = [
      entry('hold_beds', readFrame, false),
      entry('hold_beds', executeFrame, false),
      entry('list_bed_availability', readFrame, true),
      entry('list_bed_availability', executeFrame, true),
    ];
    const ran: string[] = [];
    const context = {
      registerTool: async () => undefined,
      getTools: async (options?: { fromOrigins?: string[] }) =>
        options?.fromOrigins?.includes(SHELTER) ? entries.map((listed) => ({ ...listed })) : [],
      executeTool: async (called: PlatformRegisteredTool) => {
        ran.push(`${called.name} in the ${(called.window as unknown as { name: string }).name}`);
        return JSON.stringify({ ok: true });
      },
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    } as unknown as PlatformContext;
    return { webmcp: wrapContext(context, 'native'), readFrame, executeFrame, ran };
  }

  it('each channel discovers its own frame’s tools and runs each call in its own frame', async () => {
    const { webmcp, readFrame, executeFrame, ran } = browserWithTwoShelterFrames();
    const read = openNativePartnerChannel({ webmcp, origin: SHELTER, frame: { window: readFrame }, settleMs: 0 });
    const execute = openNativePartnerChannel({ webmcp, origin: SHELTER, frame: { window: executeFrame }, settleMs: 0 });
    expect((await read.tools()).map((listed) => listed.name)).toEqual(['hold_beds', 'list_bed_availability']);
    expect((await execute.tools()).map((listed) => listed.name)).toEqual(['hold_beds', 'list_bed_availability']);
    const signal = new AbortController().signal;
    expect(await execute.call('hold_beds', { count: 1 }, { signal })).toMatchObject({ ok: true });
    expect(await read.call('list_bed_availability', {}, { signal })).toMatchObject({ ok: true });
    expect(ran).toEqual([
      // Only the calls made, each in its own frame: no tool is run to learn the write's argument shape.
      'hold_beds in the execute lease frame',
      'list_bed_availability in the read lease frame',
    ]);
  });

  it('a call on a lease whose frame was removed runs in no other frame', async () => {
    const { webmcp, ran } = browserWithTwoShelterFrames();
    const gone = openNativePartnerChannel({
      webmcp,
      origin: SHELTER,
      frame: { window: frameWindow('removed frame') },
      settleMs: 0,
    });
    expect(await gone.call('hold_beds', { count: 1 }, { signal: new AbortController().signal })).toMatchObject({
      ok: false,
      code: 'NOT_REGISTERED',
    });
    expect(ran).toEqual([]);
  });
});

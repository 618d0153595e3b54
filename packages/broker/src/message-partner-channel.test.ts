import { insecureOriginOf, SITES } from '@warrant/config';
import type { ExecuteOutcome, ListedTool, WebMcp } from '@warrant/webmcp';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messageChannelConnector, openMessagePartnerChannel } from './message-partner-channel.ts';
import type { PartnerChannel, RejectedMessage } from './partner-channel.ts';
import { PARTNER_ENVELOPE } from './partner-envelope.ts';
import { servePartnerChannel, type PartnerChannelServer } from './serve-partner-channel.ts';

// Two windows as a browser joins them: postMessage delivers only when targetOrigin matches the
// receiver's origin, and the event carries the sender's origin, its window as source, and any
// transferred ports. The ports are real MessagePorts.
const DESK = SITES.desk.origin;
const PANTRY = SITES.pantry.origin;

interface FakeWindow extends EventTarget {
  parent: FakeWindow | null;
  postMessage(message: unknown, targetOrigin: string, transfer?: Transferable[]): void;
  posted: { message: unknown; targetOrigin: string }[];
}

function fakeWindow(origin: string): FakeWindow {
  const target = new EventTarget() as FakeWindow;
  target.parent = null;
  target.posted = [];
  target.postMessage = () => {
    throw new Error('wired below');
  };
  Object.defineProperty(target, 'origin', { value: origin });
  return target;
}

function deliver(
  to: FakeWindow,
  from: FakeWindow,
  fromOrigin: string,
  data: unknown,
  ports: readonly MessagePort[] = [],
): void {
  const event = Object.assign(new Event('message'), { data, origin: fromOrigin, source: from, ports });
  setTimeout(() => to.dispatchEvent(event), 0);
}

function joined(partnerOrigin = PANTRY, deskOrigin = DESK): { desk: FakeWindow; frame: FakeWindow } {
  const desk = fakeWindow(deskOrigin);
  const frame = fakeWindow(partnerOrigin);
  frame.parent = desk;
  desk.parent = desk;
  frame.postMessage = (message, targetOrigin, transfer = []) => {
    frame.posted.push({ message, targetOrigin });
    if (targetOrigin === partnerOrigin)
      deliver(frame, desk, deskOrigin, structuredClone(message), transfer as MessagePort[]);
  };
  desk.postMessage = (message, targetOrigin) => {
    desk.posted.push({ message, targetOrigin });
    if (targetOrigin === deskOrigin) deliver(desk, frame, partnerOrigin, structuredClone(message));
  };
  return { desk, frame };
}

/** A partner page's WebMCP: each tool runs with the call's signal, as native WebMCP hands it. */
function partnerWebMcp(
  tools: Record<string, (input: Record<string, unknown>, signal: AbortSignal) => Promise<unknown>>,
): Pick<WebMcp, 'getTools' | 'executeTool'> {
  const listed: ListedTool[] = Object.keys(tools).map((name) => ({
    name,
    title: name,
    description: `does ${name}`,
    origin: PANTRY,
    annotations: { readOnlyHint: name.startsWith('list') },
  }));
  return {
    getTools: async () => listed,
    async executeTool(tool, input = {}, options = {}): Promise<ExecuteOutcome> {
      const name = typeof tool === 'string' ? tool : tool.name;
      const run = tools[name];
      if (!run) return { ok: false, code: 'NOT_REGISTERED', message: `${name} is not registered`, shape: null };
      const signal = options.signal ?? new AbortController().signal;
      try {
        const value = await new Promise<unknown>((resolve, reject) => {
          signal.addEventListener('abort', () => reject(signal.reason), { once: true });
          run(input as Record<string, unknown>, signal).then(resolve, reject);
        });
        return { ok: true, shape: 'object', raw: JSON.stringify(value), value };
      } catch (error) {
        if (signal.aborted) return { ok: false, code: 'ABORTED', message: String(error), shape: 'object' };
        return { ok: false, code: 'TOOL_FAILED', message: String(error), shape: 'object' };
      }
    },
  };
}

const settle = async (): Promise<void> => {
  for (let hop = 0; hop < 10; hop += 1) await new Promise((resolve) => setTimeout(resolve, 0));
};

const opened: Array<PartnerChannel | PartnerChannelServer> = [];
afterEach(() => {
  for (const item of opened.splice(0)) item.close();
});

function pair(tools: Parameters<typeof partnerWebMcp>[0], windows = joined()) {
  const deskRejected: RejectedMessage[] = [];
  const partnerRejected: RejectedMessage[] = [];
  const channel = openMessagePartnerChannel({
    host: windows.desk,
    target: () => windows.frame,
    origin: PANTRY,
    onRejected: (message) => deskRejected.push(message),
  });
  const server = servePartnerChannel({
    tools: partnerWebMcp(tools),
    deskOrigins: [DESK],
    window: windows.frame as never,
    onRejected: (message) => partnerRejected.push(message),
  });
  opened.push(channel, server);
  return { channel, server, deskRejected, partnerRejected, ...windows };
}

describe('the message transport', () => {
  it('hands the partner a port after its announcement, to the partner origin only, and lists its tools', async () => {
    const { channel, frame, desk } = pair({ list_parcel_stock: async () => ({ ok: true, stock: 12 }) });
    expect(desk.posted).toEqual([
      { message: { envelope: PARTNER_ENVELOPE, version: 1, kind: 'ready', id: 'ready-1' }, targetOrigin: DESK },
    ]);
    const tools = await channel.tools();
    expect(tools.map((tool) => [tool.name, tool.origin])).toEqual([['list_parcel_stock', PANTRY]]);
    expect(frame.posted).toEqual([
      { message: { envelope: PARTNER_ENVELOPE, version: 1, kind: 'hello', id: 'hello-1' }, targetOrigin: PANTRY },
    ]);
    expect(channel.transport).toBe('message');
  });

  it('runs a call with the partner page’s own executeTool and brings back its outcome and shape', async () => {
    const seen: unknown[] = [];
    const { channel } = pair({
      check_dietary_fit: async (input) => {
        seen.push(input);
        return { ok: true, fits: true };
      },
    });
    const outcome = await channel.call(
      'check_dietary_fit',
      { people: 4, needs: ['halal'] },
      { signal: new AbortController().signal },
    );
    expect(outcome).toEqual({
      ok: true,
      shape: 'object',
      raw: '{"ok":true,"fits":true}',
      value: { ok: true, fits: true },
    });
    expect(seen).toEqual([{ people: 4, needs: ['halal'] }]);
    // A second list is asked for over the port.
    expect((await channel.tools()).map((tool) => tool.name)).toEqual(['check_dietary_fit']);
  });

  it('ends a call ABORTED at once when its signal fires, and fires the partner call’s own signal', async () => {
    let partnerSignal: AbortSignal | null = null;
    let committed = false;
    // The partner's write finishes only when the test lets it, after the abort: what is tested is
    // that an aborted call is not committed, whatever the machine's speed.
    let finishWrite: () => void = () => undefined;
    const writeMayFinish = new Promise<void>((resolve) => (finishWrite = resolve));
    const { channel, server } = pair({
      reserve_parcels: async (_input, signal) => {
        partnerSignal = signal;
        await writeMayFinish;
        if (!signal.aborted) committed = true;
        return { ok: true };
      },
    });
    await channel.tools();
    const controller = new AbortController();
    const call = channel.call('reserve_parcels', { count: 1 }, { signal: controller.signal });
    await vi.waitFor(() => expect(server.inFlight()).toBe(1));
    controller.abort('lease L-1 is revoked');
    expect(await call).toEqual({ ok: false, code: 'ABORTED', message: 'lease L-1 is revoked', shape: null });
    await vi.waitFor(() => {
      expect((partnerSignal as AbortSignal | null)?.aborted).toBe(true);
      expect(server.inFlight()).toBe(0);
    });
    finishWrite();
    await settle();
    expect(committed).toBe(false);
  });

  it("with two frames open, neither channel reports the other frame's announcement as forged; a window no channel is bound to is still reported", async () => {
    const desk = fakeWindow(DESK);
    const pantry = fakeWindow(PANTRY);
    const shelter = fakeWindow(SITES.shelter.origin);
    // Each frame is handed its port; nothing answers on it here.
    pantry.postMessage = shelter.postMessage = () => {};
    const rejected: string[] = [];
    const connect = messageChannelConnector(desk);
    const mounted = (window: FakeWindow) => ({ window: window as unknown as Window, remove: () => {} });
    for (const [frame, origin] of [
      [pantry, PANTRY],
      [shelter, SITES.shelter.origin],
    ] as const) {
      opened.push(
        connect({
          frame: mounted(frame),
          lease: {} as never,
          origin,
          onRejected: (message) => rejected.push(`${origin}: ${message.reason}`),
        }),
      );
    }
    const ready = { envelope: PARTNER_ENVELOPE, version: 1, kind: 'ready', id: 'r', declared: [] };
    deliver(desk, pantry, PANTRY, ready);
    deliver(desk, shelter, SITES.shelter.origin, ready);
    await settle();
    expect(rejected).toEqual([]);
    deliver(desk, fakeWindow(PANTRY), PANTRY, ready);
    await vi.waitFor(() =>
      expect(rejected).toEqual([
        `${PANTRY}: the message did not come from the partner frame`,
        `${SITES.shelter.origin}: the message did not come from the partner frame`,
      ]),
    );
  });

  it('ignores an announcement from a window that is not the frame, or from another origin, and reports it', async () => {
    const windows = joined();
    const impostor = fakeWindow(PANTRY);
    const { channel, deskRejected } = pair({ list_parcel_stock: async () => ({}) }, windows);
    const ready = { envelope: PARTNER_ENVELOPE, version: 1, kind: 'ready', id: 'r' };
    deliver(windows.desk, impostor, PANTRY, ready);
    deliver(windows.desk, windows.frame, SITES.shelter.origin, ready);
    await settle();
    expect(deskRejected.map((message) => message.reason)).toEqual([
      'the message did not come from the partner frame',
      `the message came from ${SITES.shelter.origin}, not ${PANTRY}`,
    ]);
    expect((await channel.tools()).length).toBe(1);
    expect(windows.frame.posted).toHaveLength(1);
  });

  it('binds the port once: a second announcement from the frame is refused and recorded, never answered with a port, and what was open ends CHANNEL_CLOSED', async () => {
    const windows = joined();
    const { channel, server, deskRejected } = pair(
      { slow: () => new Promise(() => {}), list_parcel_stock: async () => ({ ok: true }) },
      windows,
    );
    await channel.tools();
    const call = channel.call('slow', {}, { signal: new AbortController().signal });
    await settle();
    // The frame's document replaced (or a script in it announcing again) on the same frame window.
    server.close();
    opened.push(
      servePartnerChannel({
        tools: partnerWebMcp({ list_parcel_stock: async () => ({ ok: true, fresh: true }) }),
        deskOrigins: [DESK],
        window: windows.frame as never,
      }),
    );
    expect(await call).toMatchObject({
      ok: false,
      code: 'CHANNEL_CLOSED',
      message: 'the partner frame announced itself again, so the answers open on its bound port may never come',
    });
    expect(deskRejected).toEqual([
      { reason: 'a second ready: the channel to this frame is bound once', origin: PANTRY, kind: 'ready' },
    ]);
    // Only the first announcement was ever answered with a port.
    expect(windows.frame.posted.map((post) => (post.message as { kind: string; id: string }).id)).toEqual(['hello-1']);
    expect(await channel.call('list_parcel_stock', {}, { signal: new AbortController().signal })).toMatchObject({
      ok: false,
      code: 'CHANNEL_CLOSED',
    });
    await expect(channel.tools()).rejects.toThrow(/lost its port/);
  });

  it('on the partner side, binds the port once: a second hello is refused on the port it offered and reported to the desk on the bound one, and the bound port keeps working', async () => {
    const windows = joined();
    let runs = 0;
    const { channel, deskRejected, partnerRejected } = pair(
      { reserve_parcels: async () => ((runs += 1), { ok: true, runs }) },
      windows,
    );
    await channel.tools();
    // A script on the desk's page: its own hello, from the desk's window and origin, with its own port.
    const forged = new MessageChannel();
    const heard: unknown[] = [];
    forged.port1.onmessage = (event) => heard.push(event.data);
    deliver(
      windows.frame,
      windows.desk,
      DESK,
      { envelope: PARTNER_ENVELOPE, version: 1, kind: 'hello', id: 'forged-hello' },
      [forged.port2],
    );
    await settle();
    forged.port1.postMessage({
      envelope: PARTNER_ENVELOPE,
      version: 1,
      kind: 'invoke',
      id: 'forged-call',
      name: 'reserve_parcels',
      input: {},
    });
    await settle();
    forged.port1.close();
    const reason = 'a second hello: this page is already bound to the desk on another port';
    expect(heard).toEqual([
      {
        envelope: PARTNER_ENVELOPE,
        version: 1,
        kind: 'refused',
        id: 'forged-hello',
        refusedKind: 'hello',
        from: DESK,
        reason,
      },
    ]);
    expect(partnerRejected).toEqual([{ reason, origin: DESK, kind: 'hello' }]);
    expect(deskRejected).toEqual([{ reason: `the partner refused a hello: ${reason}`, origin: DESK, kind: 'hello' }]);
    expect(runs).toBe(0);
    expect(await channel.call('reserve_parcels', {}, { signal: new AbortController().signal })).toMatchObject({
      ok: true,
      value: { ok: true, runs: 1 },
    });
  });

  it('serves the desk on whichever of its registry origins its parent is on, and no other', async () => {
    const TEST_HOST_DESK = insecureOriginOf('desk');
    const windows = joined(PANTRY, TEST_HOST_DESK);
    const partnerRejected: RejectedMessage[] = [];
    const channel = openMessagePartnerChannel({ host: windows.desk, target: () => windows.frame, origin: PANTRY });
    const server = servePartnerChannel({
      tools: partnerWebMcp({ list_parcel_stock: async () => ({ ok: true, stock: 3 }) }),
      deskOrigins: [DESK, TEST_HOST_DESK],
      window: windows.frame as never,
      onRejected: (message) => partnerRejected.push(message),
    });
    opened.push(channel, server);
    // Announced to each desk origin; the browser delivers only to the one the parent is on.
    expect(windows.desk.posted.map((post) => post.targetOrigin)).toEqual([DESK, TEST_HOST_DESK]);
    expect((await channel.tools()).map((tool) => tool.name)).toEqual(['list_parcel_stock']);
    expect(await channel.call('list_parcel_stock', {}, { signal: new AbortController().signal })).toMatchObject({
      ok: true,
      value: { ok: true, stock: 3 },
    });
    const elsewhere = new MessageChannel();
    // The same host name on another site's port is not the desk.
    deliver(
      windows.frame,
      windows.desk,
      insecureOriginOf('bench'),
      { envelope: PARTNER_ENVELOPE, version: 1, kind: 'hello', id: 'h' },
      [elsewhere.port2],
    );
    await settle();
    elsewhere.port1.close();
    expect(partnerRejected.map((message) => message.reason)).toEqual([
      `the message came from ${insecureOriginOf('bench')}, not the desk`,
    ]);
  });

  it('hears the partner page say it lost its server, on the window from its frame and origin only, and passes it on', async () => {
    const windows = joined();
    const faults: string[] = [];
    const deskRejected: RejectedMessage[] = [];
    const channel = openMessagePartnerChannel({
      host: windows.desk,
      target: () => windows.frame,
      origin: PANTRY,
      onRejected: (message) => deskRejected.push(message),
      onFault: (fault) => faults.push(fault),
    });
    const server = servePartnerChannel({
      tools: partnerWebMcp({ list_parcel_stock: async () => ({}) }),
      deskOrigins: [DESK],
      window: windows.frame as never,
    });
    opened.push(channel, server);
    await channel.tools();
    server.reportFault('server_unreachable');
    await settle();
    expect(faults).toEqual(['server_unreachable']);
    expect(windows.desk.posted.at(-1)).toEqual({
      message: { envelope: PARTNER_ENVELOPE, version: 1, kind: 'fault', id: 'fault-1', fault: 'server_unreachable' },
      targetOrigin: DESK,
    });

    // From another window, another origin, or naming a fault a page cannot know of itself: refused, passed on to no one.
    const fault = { envelope: PARTNER_ENVELOPE, version: 1, kind: 'fault', id: 'f-1', fault: 'server_unreachable' };
    deliver(windows.desk, fakeWindow(PANTRY), PANTRY, fault);
    deliver(windows.desk, windows.frame, SITES.shelter.origin, fault);
    deliver(windows.desk, windows.frame, PANTRY, { ...fault, fault: 'frame_navigated' });
    await settle();
    expect(faults).toEqual(['server_unreachable']);
    expect(deskRejected.map((message) => message.reason)).toEqual([
      'the message did not come from the partner frame',
      `the message came from ${SITES.shelter.origin}, not ${PANTRY}`,
      'a fault names no fault a page reports',
    ]);

    // Once the channel is closed (its lease ended), nothing more is heard; a page that closed its side says nothing.
    channel.close();
    deliver(windows.desk, windows.frame, PANTRY, fault);
    server.close();
    server.reportFault('server_unreachable');
    await settle();
    expect(faults).toEqual(['server_unreachable']);
  });

  it('leaves messages that do not claim the envelope alone', async () => {
    const windows = joined();
    const { deskRejected, partnerRejected } = pair({}, windows);
    deliver(windows.desk, fakeWindow('http://elsewhere.test'), 'http://elsewhere.test', {
      envelope: 'warrant.agent.bridge',
      kind: 'invoke',
    });
    deliver(windows.frame, windows.desk, DESK, 'hello');
    await settle();
    expect(deskRejected).toEqual([]);
    expect(partnerRejected).toEqual([]);
  });

  it('on the partner side, answers a hello only from its parent window on the desk origin', async () => {
    const windows = joined();
    const partnerRejected: RejectedMessage[] = [];
    let listed = 0;
    const webmcp = partnerWebMcp({});
    const server = servePartnerChannel({
      tools: { ...webmcp, getTools: async () => ((listed += 1), webmcp.getTools()) },
      deskOrigins: [DESK],
      window: windows.frame as never,
      onRejected: (message) => partnerRejected.push(message),
    });
    opened.push(server);
    const hello = { envelope: PARTNER_ENVELOPE, version: 1, kind: 'hello', id: 'h' };
    const forged = new MessageChannel();
    deliver(windows.frame, windows.desk, 'http://localhost:1', hello, [forged.port2]);
    deliver(windows.frame, fakeWindow(DESK), DESK, hello, [forged.port2]);
    deliver(windows.frame, windows.desk, DESK, { ...hello, version: 2 }, [forged.port2]);
    deliver(windows.frame, windows.desk, DESK, hello, []);
    await settle();
    forged.port1.close();
    expect(partnerRejected.map((message) => message.reason)).toEqual([
      'the message came from http://localhost:1, not the desk',
      'the message did not come from the embedding window',
      'version 2 is not 1',
      'a hello carries exactly one port',
    ]);
    expect(listed).toBe(0);
  });

  it('refuses and reports what a partner sends on the port that is not well formed', async () => {
    const windows = joined();
    const rejected: RejectedMessage[] = [];
    const channel = openMessagePartnerChannel({
      host: windows.desk,
      target: () => windows.frame,
      origin: PANTRY,
      onRejected: (message) => rejected.push(message),
    });
    opened.push(channel);
    let port: MessagePort | null = null;
    windows.frame.addEventListener('message', (event) => {
      port = (event as MessageEvent).ports[0] ?? null;
    });
    deliver(windows.desk, windows.frame, PANTRY, { envelope: PARTNER_ENVELOPE, version: 1, kind: 'ready', id: 'r' });
    await settle();
    const held = port as MessagePort | null;
    if (!held) throw new Error('no port was handed over');
    held.postMessage({
      envelope: PARTNER_ENVELOPE,
      version: 1,
      kind: 'tools',
      id: 'hello-1',
      tools: [{ name: 'bad name!', description: 'x', origin: PANTRY }],
    });
    held.postMessage({
      envelope: PARTNER_ENVELOPE,
      version: 1,
      kind: 'result',
      id: 'call-9',
      outcome: { ok: true, shape: 'object', raw: '{}', value: {} },
    });
    held.postMessage({
      envelope: PARTNER_ENVELOPE,
      version: 1,
      kind: 'result',
      id: 'call-9',
      outcome: { ok: false, code: 'PWNED', message: 'x', shape: null },
    });
    await settle();
    held.close();
    expect(rejected.map((message) => message.reason)).toEqual([
      'a listed tool is malformed',
      'a result for no call',
      'the result carries no well-formed outcome',
    ]);
  });

  it('when closed, ends open calls CHANNEL_CLOSED and lists nothing more', async () => {
    const { channel } = pair({ slow: () => new Promise(() => {}) });
    await channel.tools();
    const call = channel.call('slow', {}, { signal: new AbortController().signal });
    await settle();
    channel.close();
    expect(await call).toMatchObject({ ok: false, code: 'CHANNEL_CLOSED' });
    await expect(channel.tools()).rejects.toThrow(/closed/);
    expect(await channel.call('slow', {}, { signal: new AbortController().signal })).toMatchObject({
      code: 'CHANNEL_CLOSED',
    });
  });

  it('serves nothing on a page that is not framed', () => {
    const alone = fakeWindow(PANTRY);
    alone.parent = alone;
    alone.postMessage = (message, targetOrigin) => alone.posted.push({ message, targetOrigin });
    const server = servePartnerChannel({ tools: partnerWebMcp({}), deskOrigins: [DESK], window: alone as never });
    expect(server.framed).toBe(false);
    expect(alone.posted).toEqual([]);
  });
});

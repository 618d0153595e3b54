// @vitest-environment jsdom
import { PARTNER_ENVELOPE } from '@warrant/broker';
import { BRIDGE_ENVELOPE, type ManifestDocument } from '@warrant/webmcp';
import { afterEach, describe, expect, it } from 'vitest';
import { FAMILY, openTestDesk, type TestDesk } from '../../testing/test-desk.ts';
import { deskRows } from '../verbs/desk-rows.ts';
import { DESK_MANIFEST_ID, openDeskBridge, type DeskBridge } from './desk-bridge.ts';

// jsdom's postMessage sets neither source nor origin, so messages are dispatched as a browser
// delivers them: with the sender's window and origin. The desk is the real runtime and kernel.

let test: TestDesk | null = null;
let bridge: DeskBridge | null = null;
afterEach(async () => {
  bridge?.close();
  await test?.close();
  bridge = null;
  test = null;
});

async function open(): Promise<TestDesk> {
  test = await openTestDesk();
  const desk = test;
  bridge = openDeskBridge({
    window,
    surface: async () => desk.surface,
    rows: deskRows(desk.desk),
    desk: desk.desk,
    otherEnvelopes: [PARTNER_ENVELOPE],
  });
  return desk;
}

function manifest(): ManifestDocument {
  return JSON.parse(document.getElementById(DESK_MANIFEST_ID)?.textContent ?? 'null') as ManifestDocument;
}

function deliver(data: unknown, from: { origin?: string; source?: MessageEventSource | null } = {}): void {
  window.dispatchEvent(
    new MessageEvent('message', {
      data,
      origin: from.origin ?? window.location.origin,
      source: from.source === undefined ? window : from.source,
    }),
  );
}

async function invoke(id: string, verb: string, input: object): Promise<Record<string, unknown>> {
  const reply = new Promise<Record<string, unknown>>((resolve) => {
    const listen = (event: MessageEvent): void => {
      const data = event.data as Record<string, unknown>;
      if (data['direction'] !== 'reply' || data['id'] !== id) return;
      window.removeEventListener('message', listen);
      resolve(data);
    };
    window.addEventListener('message', listen);
  });
  deliver({ envelope: BRIDGE_ENVELOPE, version: 1, kind: 'invoke', id, verb, input });
  const answer = await reply;
  await test?.idle();
  return answer;
}

describe("the desk's bridge", () => {
  it('publishes the verbs in order with purpose, return shape and hints, and a new revision only when the set changes', async () => {
    const desk = await open();
    const first = manifest();
    expect(first.tools.map((tool) => tool.name)).toEqual(['intake_request', 'read_ledger']);
    expect(first.tools[1]).toMatchObject({
      title: 'Read the ledger',
      hints: { readOnlyHint: true, untrustedContentHint: true },
    });
    expect(first.tools.every((tool) => tool.purpose.length > 0 && typeof tool.returns === 'string')).toBe(true);
    const revision = first.revision;
    await invoke('r1', 'read_ledger', {});
    expect(manifest().revision).toBe(revision);
    const intake = await invoke('i1', 'intake_request', FAMILY);
    expect(intake).toMatchObject({ ok: true });
    expect(JSON.parse(String(intake['text']))).toMatchObject({ ok: true, request: { id: 'R-1' } });
    expect(manifest().tools.map((tool) => tool.name)).toEqual(['intake_request', 'open_lease', 'read_ledger']);
    expect(manifest().revision).toBe(revision + 1);
    expect(
      desk.desk.rows.value
        .filter((row) => row.event === 'verb_called')
        .map((row) => `${row.actor}/${row.channel}/${row.verb}/${row.status}`),
    ).toEqual(['agent/bridge/read_ledger/ok', 'agent/bridge/intake_request/ok']);
  });

  it('answers a verb out of order with its refusal, recorded like any call', async () => {
    const desk = await open();
    const reply = await invoke('c1', 'find_capacity', { request: 'R-1' });
    expect(reply).toMatchObject({ ok: false, code: 'NO_ACTIVE_READ_LEASE' });
    expect(desk.desk.rows.value.at(-1)).toMatchObject({
      actor: 'agent',
      channel: 'bridge',
      verb: 'find_capacity',
      status: 'refused',
      detail: expect.stringContaining('NO_ACTIVE_READ_LEASE'),
    });
  });

  it("records a forged invoke, and leaves the partner channel's own messages to it", async () => {
    const desk = await open();
    const frame = document.createElement('iframe');
    document.body.append(frame);
    deliver({ envelope: BRIDGE_ENVELOPE, version: 2, kind: 'invoke', id: 'f1', verb: 'intake_request', input: FAMILY });
    deliver(
      { envelope: BRIDGE_ENVELOPE, version: 1, kind: 'invoke', id: 'f2', verb: 'intake_request', input: FAMILY },
      { source: frame.contentWindow, origin: 'http://elsewhere.test' },
    );
    deliver(
      { envelope: PARTNER_ENVELOPE, version: 1, kind: 'ready', id: 'ready-1' },
      { source: frame.contentWindow, origin: 'http://elsewhere.test' },
    );
    await desk.idle();
    frame.remove();
    const forged = desk.desk.rows.value.filter((row) => row.event === 'bridge_forged');
    expect(forged.map((row) => [row.actor, row.channel, row.status, /code=(\w+)/.exec(row.detail)?.[1]])).toEqual([
      ['agent', 'bridge', 'refused', 'WRONG_VERSION'],
      ['agent', 'bridge', 'refused', 'WRONG_SOURCE'],
    ]);
    expect(desk.desk.state.value.requests).toEqual([]);
  });

  it('removes the manifest when closed', async () => {
    await open();
    bridge?.close();
    bridge = null;
    expect(document.getElementById(DESK_MANIFEST_ID)).toBeNull();
  });
});

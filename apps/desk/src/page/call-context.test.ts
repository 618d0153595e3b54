// @vitest-environment jsdom
// Every hop a call causes is recorded on that caller's own channel and as that caller, however
// many callers are at the desk at once and whichever way each came in: WebMCP, the bridge, the
// in-page agent panel, the scenario runner, a person at the page. Each caller works its own
// request, so a row's request says whose call it was.
import { PARTNER_ENVELOPE } from '@warrant/broker';
import type { LedgerRow } from '@warrant/ledger';
import { BRIDGE_ENVELOPE } from '@warrant/webmcp';
import { afterEach, describe, expect, it } from 'vitest';
import { deskReach } from './agent/desk-reach.ts';
import { openDeskBridge, type DeskBridge } from './bridge/desk-bridge.ts';
import { FAMILY, openTestDesk, type TestDesk } from '../testing/test-desk.ts';
import { deskRows } from './verbs/desk-rows.ts';
import { SCENARIO_RUNNER } from './who.ts';

const CALLERS_PER_CHANNEL = 5;

let test: TestDesk | null = null;
let bridge: DeskBridge | null = null;
afterEach(async () => {
  bridge?.close();
  await test?.close();
  bridge = null;
  test = null;
});

type Call = (verb: string, input: Record<string, unknown>) => Promise<unknown>;

interface Caller {
  readonly actor: string;
  readonly channel: string;
  readonly call: Call;
}

/** An invoke over the bridge, as a page's script posts it, answered by the bridge's reply. */
function bridgeCall(verb: string, input: Record<string, unknown>, id: string): Promise<unknown> {
  const reply = new Promise<unknown>((resolve) => {
    const listen = (event: MessageEvent): void => {
      const data = event.data as Record<string, unknown>;
      if (data['direction'] !== 'reply' || data['id'] !== id) return;
      window.removeEventListener('message', listen);
      resolve(data);
    };
    window.addEventListener('message', listen);
  });
  window.dispatchEvent(
    new MessageEvent('message', {
      data: { envelope: BRIDGE_ENVELOPE, version: 1, kind: 'invoke', id, verb, input },
      origin: window.location.origin,
      source: window,
    }),
  );
  return reply;
}

async function deskWithEveryChannel(): Promise<{ desk: TestDesk; channels: readonly Caller[] }> {
  const desk = await openTestDesk();
  test = desk;
  const rows = deskRows(desk.desk);
  bridge = openDeskBridge({
    window,
    surface: async () => desk.surface,
    rows,
    desk: desk.desk,
    otherEnvelopes: [PARTNER_ENVELOPE],
  });
  const panel = deskReach({
    surface: async () => desk.surface,
    webmcp: () => null,
    rows,
    state: () => desk.desk.state.value,
  });
  let bridged = 0;
  const channels: Caller[] = [
    { actor: 'agent', channel: 'webmcp', call: (verb, input) => desk.memory.call(verb, input) },
    { actor: 'agent', channel: 'bridge', call: (verb, input) => bridgeCall(verb, input, `invoke-${(bridged += 1)}`) },
    { actor: 'agent', channel: 'agent', call: (verb, input) => panel.call(verb, input, new AbortController().signal) },
    { actor: 'runner', channel: 'scenario', call: (verb, input) => desk.surface.call(verb, input, SCENARIO_RUNNER) },
    {
      actor: 'human',
      channel: 'ui',
      call: (verb, input) => desk.surface.call(verb, input, { caller: 'human', channel: 'ui' }),
    },
  ];
  return { desk, channels };
}

describe('one call context per call', () => {
  it(`records every hop of ${CALLERS_PER_CHANNEL} concurrent find_capacity callers on each of five channels with its own caller's actor and channel`, async () => {
    const { desk, channels } = await deskWithEveryChannel();
    // Each caller gets its own request, with read leases on the pantry and the shelter.
    const callers: { readonly request: string; readonly caller: Caller }[] = [];
    for (const caller of channels) {
      for (let index = 0; index < CALLERS_PER_CHANNEL; index += 1) {
        const intake = await desk.agent('intake_request', FAMILY);
        const request = (intake['request'] as { id: string }).id;
        for (const partner of ['pantry', 'shelter'])
          expect(
            await desk.agent('open_lease', { partner, purpose: 'read_capacity', ttl: 300, request }),
          ).toMatchObject({ ok: true });
        callers.push({ request, caller });
      }
    }
    const from = desk.desk.rows.value.length;

    const answers = await Promise.all(callers.map(({ request, caller }) => caller.call('find_capacity', { request })));
    await desk.idle();

    expect(answers.every((answer) => (answer as { ok?: unknown }).ok === true)).toBe(true);
    const byRequest = new Map(callers.map(({ request, caller }) => [request, caller]));
    const rows: readonly LedgerRow[] = desk.desk.rows.value.slice(from);
    const partnerHops = rows.filter((row) => row.event === 'tool_invoked' || row.event === 'tool_result');
    expect(partnerHops.length).toBeGreaterThanOrEqual(callers.length * 2 * 2);
    const wrong = rows
      .map((row) => ({
        seq: row.seq,
        event: row.event,
        request: row.request,
        was: `${row.actor}/${row.channel}`,
        caller: byRequest.get(row.request),
      }))
      .filter((row) => !row.caller || row.was !== `${row.caller.actor}/${row.caller.channel}`)
      .map(({ caller, ...row }) => ({ ...row, expected: caller ? `${caller.actor}/${caller.channel}` : 'no caller' }));
    expect(wrong).toEqual([]);
    // One verb_called row per call, no more.
    expect(rows.filter((row) => row.event === 'verb_called').length).toBe(callers.length);
  });
});

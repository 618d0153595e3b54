// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { openAgentBridge, type AgentBridge } from './agent-bridge.ts';
import { BRIDGE_ENVELOPE, type BridgeRejection } from './envelope.ts';
import type { BridgeDeclaration } from './manifest.ts';

// jsdom's postMessage sets neither source nor origin, so the messages a browser would deliver are
// dispatched here as the browser builds them: with the sender's window and origin.

const OWN = window.location.origin;

const readTurnstile: BridgeDeclaration = {
  name: 'read_turnstile',
  title: 'Read the turnstile',
  description: 'Returns the coins in the box.',
  purpose: 'See the turnstile before acting on it.',
  inputSchema: { type: 'object', properties: {}, additionalProperties: false },
  hints: { readOnlyHint: true },
  returns: '{ ok, coins }',
};

let bridge: AgentBridge | null = null;
afterEach(() => {
  bridge?.close();
  bridge = null;
});

function invoke(fields: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    envelope: BRIDGE_ENVELOPE,
    version: 1,
    kind: 'invoke',
    id: 'c1',
    verb: 'read_turnstile',
    input: {},
    ...fields,
  };
}

function deliver(data: unknown, from: { origin?: string; source?: MessageEventSource | null } = {}): void {
  window.dispatchEvent(
    new MessageEvent('message', {
      data,
      origin: from.origin ?? OWN,
      source: from.source === undefined ? window : from.source,
    }),
  );
}

/**
 * The first `count` replies posted to the window after `act`. It waits for them, however long the
 * page's callback and the window's message queue take (a loaded machine delays both), never a
 * fixed time.
 */
function repliesAfter(act: () => void, count = 1): Promise<Record<string, unknown>[]> {
  const replies: Record<string, unknown>[] = [];
  return new Promise((resolve) => {
    const listen = (event: MessageEvent): void => {
      const data = event.data as Record<string, unknown> | null;
      if (!data || data['direction'] !== 'reply') return;
      replies.push(data);
      if (replies.length < count) return;
      window.removeEventListener('message', listen);
      resolve(replies);
    };
    window.addEventListener('message', listen);
    act();
  });
}

/**
 * Whether the bridge answered nothing: the listener decides each message as it is dispatched (a
 * refusal is reported at once), and a reply is posted only once the page's callback has answered a
 * call it was handed. So no call handed over, right after the message is dispatched, is no reply.
 */
function answeredNothing(calls: ReadonlyArray<[string, unknown]>): void {
  expect(calls).toEqual([]);
}

function open(
  calls: Array<[string, unknown]>,
  rejections: BridgeRejection[],
  answer: (verb: string) => unknown = () => ({ ok: true, coins: 0 }),
): AgentBridge {
  bridge = openAgentBridge({
    window,
    manifestId: 'turnstile-agent-tools',
    verbs: ['read_turnstile', 'insert_coin'],
    invoke: async (verb, input) => {
      calls.push([verb, input]);
      return answer(verb);
    },
    onRejected: (rejection) => rejections.push(rejection),
  });
  return bridge;
}

describe('the manifest', () => {
  it('is a JSON data block in the head, listing nothing until the page publishes, then kept current', () => {
    const page = open([], []);
    const element = document.getElementById('turnstile-agent-tools') as HTMLScriptElement;
    expect(element.parentElement).toBe(document.head);
    expect(element.type).toBe('application/json');
    const first = JSON.parse(element.textContent ?? '');
    expect(first).toMatchObject({ format: 'warrant.agent.tools', version: 1, origin: OWN, revision: 1, tools: [] });
    expect(first.invocation.invoke).toMatchObject({ envelope: BRIDGE_ENVELOPE, version: 1, kind: 'invoke' });
    page.publish([readTurnstile]);
    const second = JSON.parse(element.textContent ?? '');
    expect(second.revision).toBe(2);
    expect(second.tools).toEqual([readTurnstile]);
    page.publish([]);
    expect(JSON.parse(element.textContent ?? '').tools).toEqual([]);
  });

  it('escapes < so the text cannot close its own element', () => {
    const page = open([], []);
    page.publish([{ ...readTurnstile, description: 'Ends here </script><script>alert(1)</script>' }]);
    const element = document.getElementById('turnstile-agent-tools') as HTMLScriptElement;
    expect(element.textContent).not.toContain('<');
    expect(JSON.parse(element.textContent ?? '').tools[0].description).toBe(
      'Ends here </script><script>alert(1)</script>',
    );
  });

  it('refuses to publish a verb the listener would not answer', () => {
    const page = open([], []);
    expect(() => page.publish([{ ...readTurnstile, name: 'drop_tables' }])).toThrow(/drop_tables/);
  });

  it('refuses an id that does not end in -agent-tools, and an element of another kind', () => {
    expect(() => openAgentBridge({ window, manifestId: 'tools', verbs: [], invoke: async () => null })).toThrow(
      RangeError,
    );
    const div = document.createElement('div');
    div.id = 'other-agent-tools';
    document.body.append(div);
    expect(() =>
      openAgentBridge({ window, manifestId: 'other-agent-tools', verbs: [], invoke: async () => null }),
    ).toThrow(/not a <script/);
    div.remove();
  });

  it('is removed on close, and the listener with it', () => {
    const calls: Array<[string, unknown]> = [];
    open(calls, []).close();
    expect(document.getElementById('turnstile-agent-tools')).toBeNull();
    deliver(invoke());
    answeredNothing(calls);
  });
});

describe('the invoke listener', () => {
  it("hands a well-formed invoke to the page's callback and posts its answer back", async () => {
    const calls: Array<[string, unknown]> = [];
    open(calls, []);
    const replies = await repliesAfter(() => deliver(invoke({ verb: 'insert_coin', input: { amount: 2 } })));
    expect(calls).toEqual([['insert_coin', { amount: 2 }]]);
    expect(replies).toEqual([
      {
        envelope: BRIDGE_ENVELOPE,
        version: 1,
        kind: 'reply',
        direction: 'reply',
        id: 'c1',
        ok: true,
        text: '{"ok":true,"coins":0}',
      },
    ]);
  });

  it("answers a declared verb's refusal with its code", async () => {
    open([], [], () => ({
      ok: false,
      isError: true,
      code: 'NOT_IN_ORDER',
      message: 'Insert coins is not in order right now.',
      details: { tool: 'insert_coin' },
    }));
    const replies = await repliesAfter(() => deliver(invoke({ verb: 'insert_coin', input: { amount: 1 } })));
    expect(replies).toMatchObject([
      {
        id: 'c1',
        ok: false,
        code: 'NOT_IN_ORDER',
        reason: 'Insert coins is not in order right now.',
        details: { tool: 'insert_coin' },
      },
    ]);
  });

  it('answers with BRIDGE_CALL_FAILED when the callback throws', async () => {
    open([], [], () => {
      throw new Error('store closed');
    });
    const replies = await repliesAfter(() => deliver(invoke()));
    expect(replies).toMatchObject([{ id: 'c1', ok: false, code: 'BRIDGE_CALL_FAILED' }]);
    expect(String(replies[0]?.['reason'])).toContain('store closed');
  });

  it.each([
    ['WRONG_SOURCE', invoke(), { source: null }],
    ['WRONG_ORIGIN', invoke(), { origin: 'http://localhost:9999' }],
    ['WRONG_ORIGIN', invoke(), { origin: 'null' }],
    ['WRONG_ENVELOPE', invoke({ envelope: 'warrant.agent.bridg' }), {}],
    ['WRONG_VERSION', invoke({ version: 2 }), {}],
    ['WRONG_KIND', invoke({ kind: 'call' }), {}],
    ['UNKNOWN_VERB', invoke({ verb: 'open_gate_forever' }), {}],
    ['BAD_INPUT', invoke({ input: ['x'] }), {}],
    ['BAD_ID', invoke({ id: { nested: true } }), {}],
    ['OVERSIZED', invoke({ input: { note: 'x'.repeat(70_000) } }), {}],
  ] as const)('ignores %s (no reply, no call) and reports it', (code, data, from) => {
    const calls: Array<[string, unknown]> = [];
    const rejections: BridgeRejection[] = [];
    open(calls, rejections);
    deliver(data, from);
    answeredNothing(calls);
    expect(rejections).toHaveLength(1);
    expect(rejections[0]?.code).toBe(code);
  });

  it('checks the source before the content: a good invoke from a frame is still refused', () => {
    const frame = document.createElement('iframe');
    document.body.append(frame);
    const rejections: BridgeRejection[] = [];
    const calls: Array<[string, unknown]> = [];
    open(calls, rejections);
    deliver(invoke(), { source: frame.contentWindow });
    answeredNothing(calls);
    expect(rejections).toMatchObject([{ code: 'WRONG_SOURCE', id: 'c1', verb: 'read_turnstile' }]);
    frame.remove();
  });

  it('stays silent about traffic not addressed to it', () => {
    const rejections: BridgeRejection[] = [];
    const calls: Array<[string, unknown]> = [];
    open(calls, rejections);
    deliver('plain text');
    deliver({ type: 'some-library' });
    deliver({
      envelope: BRIDGE_ENVELOPE,
      version: 1,
      kind: 'reply',
      direction: 'reply',
      id: 'c1',
      ok: true,
      text: '{}',
    });
    answeredNothing(calls);
    expect(rejections).toEqual([]);
  });
});

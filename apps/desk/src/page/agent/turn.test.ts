import { startScriptedUpstream, type ScriptedReply, type ScriptedUpstream } from '@warrant/gateway/testing';
import { LOOPBACK_ADDRESS } from '@warrant/config';
import { afterEach, describe, expect, it } from 'vitest';
import { FAMILY, openTestDesk, type TestDesk } from '../../testing/test-desk.ts';
import { deskRows } from '../verbs/desk-rows.ts';
import { askModel } from './chat-completions.ts';
import { deskReach } from './desk-reach.ts';
import { ownEndpoint } from './endpoint.ts';
import { MAX_CALLS_PER_REPLY, MAX_STEPS, runTurn, type TurnCall, type TurnView } from './turn.ts';

// A turn against a real chat-completions server (the scripted upstream, over HTTP) and the real
// desk runtime, rows and kernel (in-memory WebMCP and partners): the model is scripted, nothing
// else is.

let test: TestDesk | null = null;
let upstream: ScriptedUpstream | null = null;
afterEach(async () => {
  await upstream?.close();
  await test?.close();
  upstream = null;
  test = null;
});

const BEDS = [{ partner: 'shelter', tool: 'hold_beds', args: { kind: 'family_room', count: 1, night: '2026-12-01' } }];

interface TurnSetup {
  readonly webmcp?: boolean;
  readonly signal?: AbortSignal;
  readonly key?: string;
  /** Runs as each call reaches the desk, before the desk sees it. */
  readonly onCall?: (verb: string) => void;
}

async function turn(script: readonly ScriptedReply[], options: TurnSetup = {}): Promise<TurnView> {
  test = await openTestDesk();
  upstream = await startScriptedUpstream(script);
  const chosen = ownEndpoint(
    { url: upstream.url, key: options.key ?? '', model: '' },
    `connect-src http://${LOOPBACK_ADDRESS}:*`,
    'http://desk.test',
  );
  if (!chosen.ok) throw new Error(chosen.message);
  const desk = test;
  const reach = deskReach({
    surface: async () => desk.surface,
    webmcp: () => (options.webmcp === false ? null : desk.memory.webmcp),
    rows: deskRows(desk.desk),
    state: () => desk.desk.state.value,
  });
  return runTurn({
    task: 'find shelter for four people tonight and draft a plan',
    desk: {
      tools: () => reach.tools(),
      call: (verb, input, signal) => {
        options.onCall?.(verb);
        return reach.call(verb, input, signal);
      },
    },
    ask: (request, signal) => askModel(chosen.endpoint, request, signal),
    signal: options.signal ?? new AbortController().signal,
    now: () => new Date(2026, 11, 1, 17, 0),
  });
}

const calls = (view: TurnView): TurnCall[] => view.entries.filter((entry): entry is TurnCall => entry.kind === 'call');
const codeOf = (call: TurnCall | undefined): string => (call?.result.ok ? 'OK' : String(call?.result.code));
const offeredAt = (n: number): string[] => {
  const body = upstream?.requests[n]?.body as { tools?: Array<{ function: { name: string } }> };
  return (body.tools ?? []).map((tool) => tool.function.name);
};
const toolMessages = (n: number): Array<Record<string, unknown>> => {
  const body = upstream?.requests[n]?.body as { messages: Array<{ role: string; content: string }> };
  return body.messages
    .filter((message) => message.role === 'tool')
    .map((message) => JSON.parse(message.content) as Record<string, unknown>);
};

const TO_THE_HALT: ScriptedReply[] = [
  { kind: 'tool_calls', calls: [{ name: 'intake_request', arguments: { ...FAMILY, needs: ['bed'] } }] },
  {
    kind: 'tool_calls',
    calls: [
      { name: 'find_capacity', arguments: '{"request": "R-1"' },
      { name: 'open_lease', arguments: { partner: 'shelter', purpose: 'read_capacity', ttl: 120, request: 'R-1' } },
    ],
  },
  { kind: 'tool_calls', calls: [{ name: 'find_capacity', arguments: { request: 'R-1' } }] },
  {
    kind: 'tool_calls',
    calls: [{ name: 'draft_plan', arguments: { request: 'R-1', label: 'A family room tonight', steps: BEDS } }],
  },
  {
    kind: 'tool_calls',
    calls: [
      { name: 'commit_plan', arguments: { plan: 'P-1' } },
      { name: 'commit_plan', arguments: { plan: 'P-1' } },
    ],
  },
  { kind: 'text', text: 'never asked for' },
];

describe('an agent turn', () => {
  it('offers the verbs in order at each step, runs each call as the agent on channel agent, and stops at the halt', async () => {
    const view = await turn(TO_THE_HALT);
    expect(view).toMatchObject({ status: 'halted', approval: 'A-1', steps: 5, problem: null });
    expect(calls(view).map((call) => `${call.verb}:${codeOf(call)}:${call.ran}`)).toEqual([
      'intake_request:OK:true',
      'find_capacity:MALFORMED_ARGUMENTS:false',
      'open_lease:OK:true',
      'find_capacity:OK:true',
      'draft_plan:OK:true',
      'commit_plan:OK:true',
      'commit_plan:NOT_RUN_AFTER_HALT:false',
    ]);
    // The model was asked five times, never after the halt, and saw the set change as it worked.
    expect(upstream?.requests).toHaveLength(5);
    expect(offeredAt(0)).toEqual(['intake_request', 'read_ledger']);
    expect(offeredAt(1)).toEqual(['intake_request', 'open_lease', 'read_ledger']);
    expect(offeredAt(2)).toEqual([
      'intake_request',
      'open_lease',
      'find_capacity',
      'draft_plan',
      'close_lease',
      'read_ledger',
    ]);
    expect(offeredAt(4)).toContain('commit_plan');
    // The malformed call answered the model with the structured refusal, and the turn went on.
    expect(toolMessages(2)[1]).toMatchObject({ ok: false, isError: true, code: 'MALFORMED_ARGUMENTS' });
    // find_capacity's quarantined data reached the model as the verb's result, its region whole.
    expect(String(toolMessages(3)[3]?.['data'])).toMatch(/^<<<data [0-9a-f]{16}>>>\n[\s\S]*\n<<<end [0-9a-f]{16}>>>$/);
    const rows = test?.desk.rows.value ?? [];
    expect(rows.filter((row) => row.event === 'approval_raised')).toHaveLength(1);
    expect(
      rows
        .filter((row) => row.event === 'verb_called')
        .map((row) => `${row.actor}/${row.channel}/${row.verb}/${row.status}`),
    ).toEqual([
      'agent/agent/intake_request/ok',
      'agent/agent/open_lease/ok',
      'agent/agent/find_capacity/ok',
      'agent/agent/draft_plan/ok',
      'agent/agent/commit_plan/halted',
    ]);
    expect(test?.desk.gate.list().map((approval) => approval.id)).toEqual(['A-1']);
  });

  it('answers an unknown verb, a verb out of order and invalid input with the refusal, and goes on', async () => {
    const view = await turn([
      {
        kind: 'tool_calls',
        calls: [
          { name: 'approve_plan', arguments: { plan: 'P-1' } },
          { name: 'commit_plan', arguments: { plan: 'P-1' } },
        ],
      },
      {
        kind: 'tool_calls',
        calls: [
          { name: 'intake_request', arguments: { ...FAMILY, people: 0 } },
          { name: 'intake_request', arguments: '[4]' },
        ],
      },
      { kind: 'tool_calls', calls: [{ name: 'intake_request', arguments: FAMILY }] },
      { kind: 'text', text: 'The request is in the queue as R-1.' },
    ]);
    expect(view.status).toBe('answered');
    expect(calls(view).map(codeOf)).toEqual([
      'UNKNOWN_TOOL',
      'NO_DRAFTED_PLAN',
      'INVALID_INPUT',
      'ARGUMENTS_NOT_AN_OBJECT',
      'OK',
    ]);
    expect(view.entries.at(-1)).toEqual({ kind: 'said', step: 4, text: 'The request is in the queue as R-1.' });
    expect(toolMessages(1).map((result) => result['code'])).toEqual(['UNKNOWN_TOOL', 'NO_DRAFTED_PLAN']);
    // Calls the kernel refused are on the ledger as the agent's; the unknown verb reached no verb.
    expect(
      (test?.desk.rows.value ?? [])
        .filter((row) => row.event === 'verb_called')
        .map((row) => `${row.verb}/${row.status}`),
    ).toEqual(['commit_plan/refused', 'intake_request/refused', 'intake_request/ok']);
  });

  it('offers the rows in order when the page has no WebMCP', async () => {
    const view = await turn(
      [
        { kind: 'tool_calls', calls: [{ name: 'intake_request', arguments: FAMILY }] },
        { kind: 'text', text: 'Done.' },
      ],
      { webmcp: false },
    );
    expect(view.status).toBe('answered');
    expect(offeredAt(0)).toEqual(['intake_request', 'read_ledger']);
    expect(offeredAt(1)).toEqual(['intake_request', 'open_lease', 'read_ledger']);
    const body = upstream?.requests[0]?.body as {
      tools: Array<{ function: { description: string; parameters: unknown } }>;
    };
    const intake = deskRows((test as TestDesk).desk)[0];
    expect(body.tools[0]?.function).toEqual({
      name: 'intake_request',
      description: intake?.description(test!.desk.state.value),
      parameters: intake?.inputSchema(test!.desk.state.value),
    });
  });

  it('runs at most a few calls per reply and is bounded in steps', async () => {
    const many = Array.from({ length: MAX_CALLS_PER_REPLY + 2 }, () => ({ name: 'read_ledger', arguments: {} }));
    const loop: ScriptedReply[] = Array.from({ length: MAX_STEPS + 1 }, () => ({ kind: 'tool_calls', calls: many }));
    const view = await turn(loop);
    expect(view.status).toBe('step_limit');
    expect(upstream?.requests).toHaveLength(MAX_STEPS);
    expect(calls(view).filter((call) => codeOf(call) === 'TOO_MANY_CALLS')).toHaveLength(2 * MAX_STEPS);
    // The last request stays within the gateway's default message cap (64).
    const last = upstream?.requests.at(-1)?.body as { messages: unknown[] };
    expect(last.messages.length).toBeLessThanOrEqual(64);
  });

  it('reports a model that cannot answer, in its own words', async () => {
    const view = await turn([
      {
        kind: 'raw',
        status: 503,
        body: JSON.stringify({
          error: {
            code: 'NO_MODEL_CONFIGURED',
            message: 'The gateway has no model configured: set WARRANT_GATEWAY_UPSTREAM_URL.',
          },
        }),
      },
    ]);
    expect(view).toMatchObject({
      status: 'model_failed',
      problem: {
        code: 'NO_MODEL_CONFIGURED',
        message: 'The gateway has no model configured: set WARRANT_GATEWAY_UPSTREAM_URL.',
      },
    });
    expect(test?.desk.rows.value).toEqual([]);
  });

  it('stops when the person stops it: the signal reaches the model request', async () => {
    const stop = new AbortController();
    setTimeout(() => stop.abort(), 100);
    const view = await turn([{ kind: 'text', text: 'too late', delayMs: 5000 }], { signal: stop.signal });
    expect(view.status).toBe('stopped');
  });

  it('stops when the person stops it during a verb: the signal reaches the verb, which answers aborted', async () => {
    const stop = new AbortController();
    const view = await turn(
      [
        { kind: 'tool_calls', calls: [{ name: 'intake_request', arguments: FAMILY }] },
        {
          kind: 'tool_calls',
          calls: [
            {
              name: 'open_lease',
              arguments: { partner: 'shelter', purpose: 'read_capacity', ttl: 120, request: 'R-1' },
            },
            { name: 'find_capacity', arguments: { request: 'R-1' } },
          ],
        },
        { kind: 'text', text: 'never asked for' },
      ],
      { signal: stop.signal, onCall: (verb) => verb === 'open_lease' && stop.abort() },
    );
    expect(view.status).toBe('stopped');
    expect(calls(view).map((call) => `${call.verb}:${codeOf(call)}`)).toEqual([
      'intake_request:OK',
      'open_lease:CALL_ABORTED',
      'find_capacity:NOT_RUN_STOPPED',
    ]);
    expect(upstream?.requests).toHaveLength(2);
    await test?.idle();
    expect(
      test?.desk.rows.value
        .filter((row) => row.verb === 'open_lease' && row.event === 'verb_called')
        .map((row) => row.status),
    ).toEqual(['aborted']);
  });

  it('sends the key to its endpoint only as a bearer token, never in the body', async () => {
    const key = 'sk-test-0123456789abcdef';
    await turn([{ kind: 'text', text: 'Nothing to do.' }], { key });
    expect(upstream?.requests[0]?.headers['authorization']).toBe(`Bearer ${key}`);
    expect(upstream?.requests[0]?.rawBody).not.toContain(key);
  });

  it('refuses a reply that holds the key, unread', async () => {
    const key = 'sk-test-0123456789abcdef';
    const view = await turn(
      [
        {
          kind: 'raw',
          status: 401,
          body: JSON.stringify({ error: { message: `Incorrect API key provided: ${key}` } }),
        },
      ],
      { key },
    );
    expect(view).toMatchObject({ status: 'model_failed', problem: { code: 'KEY_ECHOED' } });
    expect(JSON.stringify(view)).not.toContain(key);
  });
});

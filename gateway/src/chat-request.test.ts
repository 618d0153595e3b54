import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readChatRequest, upstreamBody } from './chat-request.ts';
import { CHAT, DESK, post, startPair, type Pair } from './testing/requests.ts';

describe('readChatRequest', () => {
  it('accepts a conversation with tool calls and tool results', () => {
    const body = {
      messages: [
        { role: 'system', content: 'You dispatch relief.' },
        { role: 'user', content: [{ type: 'text', text: 'Beds?' }] },
        {
          role: 'assistant',
          tool_calls: [{ id: 'c1', type: 'function', function: { name: 'read_capacity', arguments: '{}' } }],
        },
        { role: 'tool', tool_call_id: 'c1', content: '{"beds":6}' },
      ],
      tools: [{ type: 'function', function: { name: 'read_capacity' } }],
      tool_choice: { type: 'function', function: { name: 'read_capacity' } },
    };
    expect(readChatRequest(body, 10)).toEqual({ ok: true, request: body });
  });

  it.each([
    [[], 'body'],
    [{}, 'messages'],
    [{ messages: [] }, 'messages'],
    [{ messages: ['hello'] }, 'messages[0]'],
    [
      {
        messages: [
          { role: 'user', content: 'a' },
          { role: 'wizard', content: 'b' },
        ],
      },
      'messages[1].role',
    ],
    [{ messages: [{ role: 'user' }] }, 'messages[0].content'],
    [{ messages: [{ role: 'user', content: 42 }] }, 'messages[0].content'],
    [{ ...CHAT, tools: {} }, 'tools'],
    [{ ...CHAT, tools: [{ type: 'retrieval' }] }, 'tools[0]'],
    [{ ...CHAT, tools: [{ type: 'function', function: { name: 7 } }] }, 'tools[0].function.name'],
    [{ ...CHAT, tool_choice: 3 }, 'tool_choice'],
  ])('refuses %j, naming %s', (body, field) => {
    const read = readChatRequest(body, 10);
    expect(read).toMatchObject({ ok: false, isError: true, code: 'BAD_REQUEST_SHAPE', details: { field } });
    if (!read.ok) expect(read.message.startsWith(`${field}: expected `)).toBe(true);
  });

  it('counts messages against the cap before looking inside them', () => {
    const messages = Array.from({ length: 11 }, () => 'not even a message');
    expect(readChatRequest({ messages }, 10)).toMatchObject({
      ok: false,
      code: 'TOO_MANY_MESSAGES',
      details: { count: 11, limit: 10 },
    });
  });

  it('refuses stream: true, which the gateway cannot answer', () => {
    expect(readChatRequest({ ...CHAT, stream: true }, 10)).toMatchObject({ ok: false, code: 'STREAMING_UNSUPPORTED' });
    expect(readChatRequest({ ...CHAT, stream: false }, 10)).toMatchObject({ ok: true });
  });
});

describe('upstreamBody', () => {
  it('sends the gateway model and max_tokens, and nothing but the known fields, whatever else the client sent', () => {
    // Any other fields; tools and tool_choice are checked fields of their own, so not among them.
    const key = fc.oneof(
      fc.constantFrom('model', 'max_tokens', 'n', 'max_completion_tokens', 'temperature', 'user'),
      fc.string({ maxLength: 12 }),
    );
    const extra = fc.dictionary(
      key.filter((k) => k !== 'tools' && k !== 'tool_choice'),
      fc.jsonValue({ maxDepth: 2 }),
      { maxKeys: 6 },
    );
    fc.assert(
      fc.property(extra, fc.constantFrom(undefined, 'auto', 'none'), (fields, toolChoice) => {
        const body = {
          ...fields,
          ...CHAT,
          stream: false,
          ...(toolChoice === undefined ? {} : { tool_choice: toolChoice }),
        };
        const read = readChatRequest(body, 10);
        if (!read.ok) return false;
        const sent = upstreamBody(read.request, 'gateway-model', 256);
        const allowed = ['messages', 'tools', 'tool_choice', 'model', 'max_tokens', 'stream'];
        return (
          sent.model === 'gateway-model' &&
          sent.max_tokens === 256 &&
          sent.stream === false &&
          Object.keys(sent).every((key) => allowed.includes(key))
        );
      }),
    );
  });
});

describe('request shape over HTTP', () => {
  let pair: Pair;
  beforeEach(async () => {
    pair = await startPair([{ kind: 'text', text: 'ok' }], { WARRANT_GATEWAY_MAX_MESSAGES: '3' });
  });
  afterEach(() => pair.close());

  it('refuses a body that is not JSON with 400 BAD_JSON', async () => {
    const answer = await post(pair.origin, '{"messages": [');
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({ error: { code: 'BAD_JSON', message: 'The request body is not valid JSON.' } });
    expect(pair.upstream.requests).toHaveLength(0);
  });

  it('refuses a bad shape with 400 BAD_REQUEST_SHAPE naming the field', async () => {
    const answer = await post(pair.origin, {
      messages: [
        { role: 'user', content: 'a' },
        { role: 'wizard', content: 'b' },
      ],
    });
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({
      error: {
        code: 'BAD_REQUEST_SHAPE',
        message: 'messages[1].role: expected one of system, developer, user, assistant, tool.',
      },
    });
    expect(pair.upstream.requests).toHaveLength(0);
  });

  it('refuses a body sent as text/plain (a request a page could send without a preflight) with 415, naming the type it takes', async () => {
    const answer = await post(pair.origin, JSON.stringify(CHAT), { 'Content-Type': 'text/plain' });
    expect(answer.status).toBe(415);
    expect(answer.json).toEqual({
      error: {
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: 'The request body must be sent as application/json; it was sent as text/plain.',
      },
    });
    expect(pair.upstream.requests).toHaveLength(0);
  });

  it('refuses a body with no content type, or a form encoding, with 415; takes application/json with a charset', async () => {
    const bare = await fetch(`${pair.origin}/v1/chat/completions`, {
      method: 'POST',
      headers: { Origin: DESK },
      body: new Blob([JSON.stringify(CHAT)]),
    });
    expect(bare.status).toBe(415);
    expect(await bare.json()).toMatchObject({
      error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: expect.stringContaining('application/json') },
    });
    const form = await post(pair.origin, 'messages=hi', { 'Content-Type': 'application/x-www-form-urlencoded' });
    expect(form.status).toBe(415);
    expect(JSON.stringify(form.json)).not.toContain('messages');
    expect(pair.upstream.requests).toHaveLength(0);
    expect((await post(pair.origin, CHAT, { 'Content-Type': 'Application/JSON; charset=utf-8' })).status).toBe(200);
  });

  it('forwards the message cap and refuses one past it with 400 TOO_MANY_MESSAGES', async () => {
    const message = { role: 'user', content: 'again' };
    expect((await post(pair.origin, { messages: [message, message, message] })).status).toBe(200);
    const over = await post(pair.origin, { messages: [message, message, message, message] });
    expect(over.status).toBe(400);
    expect(over.json).toEqual({
      error: { code: 'TOO_MANY_MESSAGES', message: 'messages: 4 messages; the gateway accepts at most 3.' },
    });
    expect(pair.upstream.requests).toHaveLength(1);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BRIDGE_ENVELOPE, MAX_INVOKE_BYTES, readInvoke, replyTo } from './envelope.ts';

const knows = (verb: string): boolean => verb === 'read_turnstile' || verb === 'insert_coin';
const invoke = (fields: Record<string, unknown> = {}): Record<string, unknown> => ({
  envelope: BRIDGE_ENVELOPE,
  version: 1,
  kind: 'invoke',
  id: 'call-1',
  verb: 'insert_coin',
  input: { amount: 2 },
  ...fields,
});

describe('readInvoke', () => {
  it('reads a well-formed invoke and hands on a JSON copy of its input', () => {
    const input = { amount: 2, when: new Date(0) };
    const read = readInvoke(invoke({ input }), knows);
    expect(read).toEqual({
      kind: 'invoke',
      invoke: {
        envelope: BRIDGE_ENVELOPE,
        version: 1,
        kind: 'invoke',
        id: 'call-1',
        verb: 'insert_coin',
        input: { amount: 2, when: '1970-01-01T00:00:00.000Z' },
      },
    });
    if (read.kind === 'invoke') expect(read.invoke.input).not.toBe(input);
  });

  it.each([
    ['WRONG_ENVELOPE', { envelope: 'ferrule.agent.bridge' }],
    ['WRONG_VERSION', { version: 2 }],
    ['WRONG_VERSION', { version: '1' }],
    ['WRONG_KIND', { kind: 'call' }],
    ['BAD_ID', { id: '' }],
    ['BAD_ID', { id: 'x'.repeat(129) }],
    ['BAD_ID', { id: 'line\nbreak' }],
    ['BAD_ID', { id: 1.5 }],
    ['BAD_ID', { id: null }],
    ['BAD_VERB', { verb: 'two words' }],
    ['BAD_VERB', { verb: 42 }],
    ['UNKNOWN_VERB', { verb: 'drop_tables' }],
    ['BAD_INPUT', { input: [1, 2] }],
    ['BAD_INPUT', { input: 'amount=2' }],
    ['BAD_INPUT', { input: null }],
    ['BAD_INPUT', { input: new Map([['amount', 2]]) }],
  ] as const)('rejects %s for %j', (code, fields) => {
    const read = readInvoke(invoke(fields), knows);
    expect(read.kind).toBe('rejected');
    if (read.kind === 'rejected') expect(read.code).toBe(code);
  });

  it('rejects a missing input and a missing id', () => {
    const { input: _input, ...noInput } = invoke();
    const { id: _id, ...noId } = invoke();
    expect(readInvoke(noInput, knows)).toMatchObject({ kind: 'rejected', code: 'BAD_INPUT' });
    expect(readInvoke(noId, knows)).toMatchObject({ kind: 'rejected', code: 'BAD_ID' });
  });

  it('refuses an oversized message unread, by its UTF-8 size', () => {
    const fits = 'é'.repeat(Math.floor(MAX_INVOKE_BYTES / 2) - 200);
    expect(readInvoke(invoke({ input: { note: fits } }), knows).kind).toBe('invoke');
    expect(readInvoke(invoke({ input: { note: `${fits}${'é'.repeat(200)}` } }), knows)).toMatchObject({
      kind: 'rejected',
      code: 'OVERSIZED',
    });
  });

  it('refuses a message that cannot be written as JSON', () => {
    expect(readInvoke(invoke({ input: { big: 10n } }), knows)).toMatchObject({ kind: 'rejected', code: 'BAD_INPUT' });
  });

  it('ignores traffic that is not addressed to the bridge, and its own replies', () => {
    expect(readInvoke('hello', knows)).toEqual({ kind: 'ignored' });
    expect(readInvoke({ type: 'vite:ping' }, knows)).toEqual({ kind: 'ignored' });
    expect(readInvoke(replyTo('call-1', { ok: true }), knows)).toEqual({ kind: 'ignored' });
  });

  it('never reads an invoke unless every field is right (property)', () => {
    const field = fc.oneof(
      fc.constant(undefined),
      fc.string(),
      fc.integer(),
      fc.constant(null),
      fc.object(),
      fc.array(fc.anything()),
    );
    fc.assert(
      fc.property(
        fc.record({
          envelope: fc.oneof(fc.constant(BRIDGE_ENVELOPE), field),
          version: fc.oneof(fc.constant(1), field),
          kind: fc.oneof(fc.constant('invoke'), field),
          id: field,
          verb: fc.oneof(fc.constant('insert_coin'), field),
          input: field,
        }),
        (message) => {
          const read = readInvoke(message, knows);
          if (read.kind !== 'invoke') return true;
          return (
            message.envelope === BRIDGE_ENVELOPE &&
            message.version === 1 &&
            message.kind === 'invoke' &&
            message.verb === 'insert_coin' &&
            typeof message.input === 'object' &&
            message.input !== null &&
            !Array.isArray(message.input) &&
            (typeof message.id === 'string' || Number.isSafeInteger(message.id))
          );
        },
      ),
    );
  });
});

describe('replyTo', () => {
  it('answers a success with its JSON text and a refusal with its code, reason and details', () => {
    expect(replyTo(7, { ok: true, coins: 2 })).toEqual({
      envelope: BRIDGE_ENVELOPE,
      version: 1,
      kind: 'reply',
      direction: 'reply',
      id: 7,
      ok: true,
      text: '{"ok":true,"coins":2}',
    });
    expect(
      replyTo('a', {
        ok: false,
        isError: true,
        code: 'NOT_IN_ORDER',
        message: 'Not now.',
        details: { tool: 'close_gate' },
      }),
    ).toEqual({
      envelope: BRIDGE_ENVELOPE,
      version: 1,
      kind: 'reply',
      direction: 'reply',
      id: 'a',
      ok: false,
      code: 'NOT_IN_ORDER',
      reason: 'Not now.',
      details: { tool: 'close_gate' },
    });
  });
});

import { memoryWebMcp } from '@warrant/webmcp/testing';
import { describe, expect, it } from 'vitest';
import { defineRow, type JsonSchema } from './row.ts';
import { settle } from './testing.ts';
import { createSurface } from './surface.ts';

// The kernel's own decisions, each pinned by a test that fails if the decision is undone.

interface Shelf {
  readonly version: number;
  readonly kinds: readonly string[];
  readonly taken: readonly string[];
  readonly paused: boolean;
}

const start: Shelf = { version: 1, kinds: ['apple', 'pear'], taken: [], paused: false };

const schemas = new Map<string, JsonSchema>();
/** One schema object per list of kinds: new content always comes as a new object. */
function kindSchema(kinds: readonly string[]): JsonSchema {
  const key = kinds.join(',');
  let schema = schemas.get(key);
  if (!schema) {
    schema = {
      type: 'object',
      properties: { kind: { type: 'string', enum: [...kinds] } },
      required: ['kind'],
      additionalProperties: false,
    };
    schemas.set(key, schema);
  }
  return schema;
}

function shelf(initial: Shelf, options: { bound?: boolean } = {}) {
  let state = initial;
  const memory = memoryWebMcp();
  const take = defineRow<Shelf, { kind: string; version?: number }>({
    name: 'take_fruit',
    title: 'Take a fruit',
    description: () => 'Takes one fruit of a kind on the shelf.',
    verdict: (s) => (s.paused ? { legal: false, reason: 'the shelf is paused' } : { legal: true }),
    inputSchema: (s) => kindSchema(s.kinds),
    ...(options.bound ? { binding: { version: (s: Shelf) => s.version, noun: 'shelf' } } : {}),
    run: (s, input) => {
      state = { ...s, taken: [...s.taken, input.kind] };
      return { ok: true, taken: state.taken.length };
    },
  });
  const surface = createSurface<Shelf>({ rows: [take], state: () => state, webmcp: memory.webmcp });
  return {
    memory,
    surface,
    get: () => state,
    set(next: Shelf) {
      state = next;
      surface.update();
    },
  };
}

describe('kernel decisions', () => {
  it('reconcile() keeps the registered set while the surface is held, and catches up on release', async () => {
    const s = shelf(start);
    await s.surface.reconcile();
    expect(s.memory.names()).toEqual(['take_fruit']);
    const release = s.surface.hold('a person is deciding');
    s.set({ ...s.get(), paused: true });
    const change = await s.surface.reconcile();
    expect(change.held).toBe(true);
    expect(change.removed).toEqual([]);
    expect(s.memory.names()).toEqual(['take_fruit']);
    release();
    await settle();
    expect(s.memory.names()).toEqual([]);
    s.surface.dispose();
  });

  it('registers a tool again when its schema content changes, even with the same description', async () => {
    const s = shelf(start);
    await s.surface.reconcile();
    const before = s.memory.ops.register;
    s.set({ ...s.get(), kinds: ['apple', 'pear', 'plum'] });
    await settle();
    expect(s.memory.ops.register).toBe(before + 1);
    expect(
      (s.memory.tool('take_fruit')?.inputSchema as { properties: { kind: { enum: string[] } } }).properties.kind.enum,
    ).toEqual(['apple', 'pear', 'plum']);
    s.surface.dispose();
  });

  it('freezes what it registers, so a schema cannot change under an agent without a new registration', async () => {
    const s = shelf(start);
    await s.surface.reconcile();
    const registered = s.memory.tool('take_fruit')?.inputSchema as { properties: { kind: { enum: string[] } } };
    expect(() => registered.properties.kind.enum.push('plum')).toThrow(TypeError);
    s.surface.dispose();
  });

  it("validates an agent's input against the schema it was shown, then re-checks legality against live state", async () => {
    const s = shelf(start);
    await s.surface.reconcile();
    // The shelf changes, but the agent still holds the registration that offered pears.
    const held = s.surface.hold('keep the old registration for this test');
    s.set({ ...s.get(), kinds: ['apple'] });
    const shown = await s.memory.call('take_fruit', { kind: 'pear' });
    expect(shown).toMatchObject({ ok: true, taken: 1 });
    // What it was not shown is refused, naming the field.
    expect(await s.memory.call('take_fruit', { kind: 'plum' })).toMatchObject({
      ok: false,
      isError: true,
      code: 'INVALID_INPUT',
      details: { field: 'kind' },
    });
    // Legality is read live at commit: a paused shelf refuses through the same old registration.
    s.set({ ...s.get(), paused: true });
    expect(await s.memory.call('take_fruit', { kind: 'apple' })).toMatchObject({
      ok: false,
      isError: true,
      code: 'NOT_IN_ORDER',
    });
    expect(s.get().taken).toEqual(['pear']);
    held();
    s.surface.dispose();
  });

  it('answers a declared binding itself, before the schema: a stale registration hears SCOPE_STALE', async () => {
    const s = shelf(start, { bound: true });
    await s.surface.reconcile();
    const held = s.surface.hold('keep the stale registration');
    s.set({ ...s.get(), version: 2 });
    // Input the schema would refuse is still answered as stale: the binding speaks first.
    expect(await s.memory.call('take_fruit', { kind: 42 })).toMatchObject({
      ok: false,
      isError: true,
      code: 'SCOPE_STALE',
      details: { registeredShelfVersion: 1, expectedShelfVersion: 2 },
    });
    expect(s.get().taken).toEqual([]);
    held();
    await settle();
    expect(await s.memory.call('take_fruit', { kind: 'apple' })).toMatchObject({ ok: true });
    s.surface.dispose();
  });

  // The row contract (row.ts, Verdict.code) promises that a call reaching an out-of-order row hears
  // the row's own code, NOT_IN_ORDER only when it gives none: an app's code says what to do next
  // (reload the frame, ask again), and a generic one would hide it.
  it("answers a call that reaches an out-of-order row with the row's own refusal code and cite, by the platform and without it", async () => {
    let state: Shelf = start;
    const memory = memoryWebMcp();
    const rows = [
      defineRow<Shelf, { kind: string }>({
        name: 'take_fruit',
        title: 'Take a fruit',
        description: () => 'Takes one fruit.',
        verdict: (s) =>
          s.paused
            ? { legal: false, reason: 'the shelf was closed for the night', cite: 'shelf rule 4', code: 'SHELF_CLOSED' }
            : { legal: true },
        inputSchema: (s) => kindSchema(s.kinds),
        run: (s, input) => {
          state = { ...s, taken: [...s.taken, input.kind] };
          return { ok: true };
        },
      }),
    ];
    const surface = createSurface<Shelf>({ rows, state: () => state, webmcp: memory.webmcp });
    await surface.reconcile();
    // The agent still holds the registration made while the shelf was open.
    const held = surface.hold('keep the registration the agent was given');
    state = { ...state, paused: true };
    const coded = {
      ok: false,
      isError: true,
      code: 'SHELF_CLOSED',
      details: { tool: 'take_fruit', cite: 'shelf rule 4' },
    };
    expect(await memory.call('take_fruit', { kind: 'apple' })).toMatchObject(coded);
    expect(
      await surface.call('take_fruit', { kind: 'apple' }, { caller: 'runner', channel: 'scenario' }),
    ).toMatchObject(coded);
    expect(state.taken).toEqual([]);
    held();
    surface.dispose();
  });

  // A page registers its always-on tools at navigation from a placeholder state, before its record
  // is read: a call that comes that early waits for the record, and is judged on it.
  it('holds a call that arrives before callsWaitFor settles, then judges it, legality first, on the state as it is by then', async () => {
    let state: Shelf = start;
    let read!: () => void;
    const recordRead = new Promise<void>((resolve) => (read = resolve));
    const memory = memoryWebMcp();
    const ran: string[] = [];
    const take = defineRow<Shelf, { kind: string }>({
      name: 'take_fruit',
      title: 'Take a fruit',
      description: () => 'Takes one fruit.',
      verdict: (s) => (s.paused ? { legal: false, reason: 'the shelf is paused' } : { legal: true }),
      inputSchema: (s) => kindSchema(s.kinds),
      run: (s, input) => {
        ran.push(input.kind);
        state = { ...s, taken: [...s.taken, input.kind] };
        return { ok: true, taken: state.taken.length };
      },
    });
    const surface = createSurface<Shelf>({
      rows: [take],
      state: () => state,
      webmcp: memory.webmcp,
      callsWaitFor: recordRead,
    });
    await surface.reconcile();
    // Registered at once, from the placeholder.
    expect(memory.names()).toEqual(['take_fruit']);
    const early = memory.call('take_fruit', { kind: 'apple' });
    await settle();
    expect(ran).toEqual([]);
    // The record, once read, says the shelf already has a pear taken: the early call acts on that.
    state = { ...state, taken: ['pear'] };
    read();
    expect(await early).toMatchObject({ ok: true, taken: 2 });
    expect(ran).toEqual(['apple']);
    surface.dispose();
  });

  it('refuses a waiting call whose row the state, once read, puts out of order', async () => {
    let state: Shelf = start;
    let read!: () => void;
    const recordRead = new Promise<void>((resolve) => (read = resolve));
    const memory = memoryWebMcp();
    const take = defineRow<Shelf, { kind: string }>({
      name: 'take_fruit',
      title: 'Take a fruit',
      description: () => 'Takes one fruit.',
      verdict: (s) => (s.paused ? { legal: false, reason: 'the shelf is paused' } : { legal: true }),
      inputSchema: (s) => kindSchema(s.kinds),
      run: (s, input) => {
        state = { ...s, taken: [...s.taken, input.kind] };
        return { ok: true };
      },
    });
    const calls: boolean[] = [];
    const surface = createSurface<Shelf>({
      rows: [take],
      state: () => state,
      webmcp: memory.webmcp,
      callsWaitFor: recordRead,
      onCall: (call) => void calls.push(call.ran),
    });
    await surface.reconcile();
    const early = memory.call('take_fruit', { kind: 'apple' });
    state = { ...state, paused: true };
    read();
    expect(await early).toMatchObject({ ok: false, isError: true, code: 'NOT_IN_ORDER' });
    expect(state.taken).toEqual([]);
    // Refused before the body ran: the page's record of refused calls hears of it as such.
    expect(calls).toEqual([false]);
    surface.dispose();
  });

  it('refuses text that is not valid Unicode as INVALID_INPUT, naming where it is', async () => {
    const s = shelf(start);
    await s.surface.reconcile();
    const tool = s.memory.tool('take_fruit');
    const answer = await tool?.execute({ kind: 'pear', ['\ud800']: 1 }, { signal: new AbortController().signal });
    expect(answer).toMatchObject({ ok: false, isError: true, code: 'INVALID_INPUT' });
    expect(s.get().taken).toEqual([]);
    s.surface.dispose();
  });

  it('runs a call without the platform through every check a platform call meets, and records its channel', async () => {
    const calls: string[] = [];
    let state: Shelf = { ...start, paused: true };
    const rows = [
      defineRow<Shelf, { kind: string }>({
        name: 'take_fruit',
        title: 'Take a fruit',
        description: () => 'Takes one fruit.',
        verdict: (s) => (s.paused ? { legal: false, reason: 'the shelf is paused' } : { legal: true }),
        inputSchema: (s) => kindSchema(s.kinds),
        run: (s, input, ctx) => {
          state = { ...s, taken: [...s.taken, `${ctx.caller}/${ctx.channel}:${input.kind}`] };
          return { ok: true };
        },
      }),
    ];
    const surface = createSurface<Shelf>({
      rows,
      state: () => state,
      webmcp: null,
      onCall: (call) => {
        calls.push(`${call.channel}:${call.result.ok}`);
      },
    });
    expect(await surface.call('take_fruit', { kind: 'pear' }, { caller: 'runner', channel: 'scenario' })).toMatchObject(
      { ok: false, isError: true, code: 'NOT_IN_ORDER' },
    );
    state = { ...state, paused: false };
    expect(await surface.call('take_fruit', { kind: 'plum' }, { caller: 'runner', channel: 'scenario' })).toMatchObject(
      { ok: false, code: 'INVALID_INPUT' },
    );
    expect(await surface.call('take_fruit', { kind: 'pear' }, { caller: 'agent', channel: 'bridge' })).toMatchObject({
      ok: true,
    });
    expect(await surface.call('no_such_tool', {}, { caller: 'agent', channel: 'bridge' })).toMatchObject({
      ok: false,
      code: 'UNKNOWN_TOOL',
    });
    expect(state.taken).toEqual(['agent/bridge:pear']);
    expect(calls).toEqual(['scenario:false', 'scenario:false', 'bridge:true']);
    surface.dispose();
  });

  it('answers a call only once its onCall record has settled, refused calls included', async () => {
    let state: Shelf = { version: 1, paused: true, kinds: ['pear'], taken: [] };
    const rows = [
      defineRow<Shelf, { kind: string }>({
        name: 'take_fruit',
        title: 'Take a fruit',
        description: () => 'Takes one fruit.',
        verdict: (s) => (s.paused ? { legal: false, reason: 'the shelf is paused' } : { legal: true }),
        inputSchema: (s) => kindSchema(s.kinds),
        run: (s, input) => {
          state = { ...s, taken: [...s.taken, input.kind] };
          return { ok: true };
        },
      }),
    ];
    const stored: string[] = [];
    let store: () => void = () => undefined;
    const surface = createSurface<Shelf>({
      rows,
      state: () => state,
      webmcp: null,
      onCall: (call) =>
        new Promise<void>((resolve) => {
          store = () => {
            stored.push(call.result.ok ? 'ok' : call.result.code);
            resolve();
          };
        }),
    });
    let answered = false;
    const answer = surface
      .call('take_fruit', { kind: 'pear' }, { caller: 'agent', channel: 'bridge' })
      .then((result) => {
        answered = true;
        return result;
      });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(answered).toBe(false);
    store();
    expect(await answer).toMatchObject({ ok: false, code: 'NOT_IN_ORDER' });
    expect(stored).toEqual(['NOT_IN_ORDER']);
    surface.dispose();
  });
});

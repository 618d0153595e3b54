import { createSurface, type ChangeRecord } from '@warrant/surface';
import { settle } from '@warrant/surface/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { createBoardStore } from './board-store.ts';
import { createExpansionChannel } from './domain/expansion.ts';
import { initialState, type BoardState } from './domain/state.ts';
import { HEADLINE, REASON, testEnv } from './domain/test-support.ts';
import { createActs } from './domain/transitions.ts';
import { humanActs } from './human-acts.ts';
import { memoryWebMcp } from '@warrant/webmcp/testing';
import { boardRows } from './rows.ts';

// The board's rows under the real kernel, with an in-memory WebMCP standing in for the browser:
// what gets registered in each state, what a call through an old registration answers, and how
// the expansion request holds the surface and resolves the same call.

const READS = ['inspect_active_scope', 'inspect_workspace'];
const ALL = ['edit_scoped_fields', 'inspect_active_scope', 'inspect_workspace', 'request_scope_expansion', 'submit_changes_for_review'];

const live: Array<() => void> = [];
afterEach(() => {
  for (const dispose of live.splice(0)) dispose();
});


function page(start?: BoardState) {
  const env = testEnv();
  const acts = createActs(env);
  const store = createBoardStore(start ?? initialState(env));
  const channel = createExpansionChannel();
  const human = humanActs(store, acts, channel);
  const agent = memoryWebMcp();
  const changes: ChangeRecord[] = [];
  const surface = createSurface<BoardState>({
    rows: boardRows({ read: store.read, write: store.write, acts, channel }),
    state: store.read,
    webmcp: agent.webmcp,
    onChange: (change) => changes.push(change),
  });
  store.subscribe(() => surface.update());
  live.push(() => {
    channel.dispose();
    surface.dispose();
  });
  return { store, human, agent, surface, changes, channel };
}

function schemaOf(agent: ReturnType<typeof memoryWebMcp>, name: string) {
  return agent.tool(name)?.inputSchema as { properties: Record<string, { const?: number; properties?: Record<string, unknown> }> };
}

describe('the registered set follows the board', () => {
  it('is 2, then 4 with a frame, 5 with changes, 2 in review and after acceptance', async () => {
    const { human, agent, surface, store } = page();
    await surface.reconcile();
    expect(agent.names()).toEqual(READS);
    human.frame(['headline', 'description']);
    await settle();
    expect(agent.names()).toEqual(['edit_scoped_fields', ...READS, 'request_scope_expansion']);
    expect(await agent.call('edit_scoped_fields', { scopeVersion: 1, updates: { headline: HEADLINE } })).toMatchObject({ ok: true });
    await settle();
    expect(agent.names()).toEqual(ALL);
    const submitted = (await agent.call('submit_changes_for_review', { scopeVersion: 1 })) as { reviewId: string };
    await settle();
    expect(agent.names()).toEqual(READS);
    expect(human.decideReview('accept', submitted.reviewId)).toMatchObject({ ok: true, phase: 'ACCEPTED' });
    await settle();
    expect(agent.names()).toEqual(READS);
    expect(store.read().phase).toBe('ACCEPTED');
  });

  it('registers and aborts exactly the symmetric difference on every step', async () => {
    const { human, agent, surface, changes } = page();
    await surface.reconcile();
    const keyed = () => new Set(agent.names().map((name) => { const tool = agent.tool(name); return JSON.stringify([name, tool?.description, tool?.inputSchema]); }));
    const steps: Array<() => unknown> = [
      () => human.frame(['headline']),
      () => human.frame(['headline', 'description']),
      () => agent.call('edit_scoped_fields', { scopeVersion: 2, updates: { description: 'A small lamp that goes where the evening goes.' } }),
      () => human.frame(['description']),
      () => agent.call('submit_changes_for_review', { scopeVersion: 3 }),
      () => human.reset(),
    ];
    for (const step of steps) {
      const before = keyed();
      const seen = changes.length;
      await step();
      await settle();
      const after = keyed();
      const symmetric = [...before].filter((k) => !after.has(k)).length + [...after].filter((k) => !before.has(k)).length;
      const ops = changes.slice(seen).reduce((sum, change) => sum + change.ops.register + change.ops.abort, 0);
      expect(ops).toBe(symmetric);
      expect(symmetric).toBeGreaterThan(0);
    }
  });

  it('binds every write schema to the registered version, and lists only framed fields in updates', async () => {
    const { human, agent } = page();
    human.frame(['headline', 'price']);
    await settle();
    const edit = schemaOf(agent, 'edit_scoped_fields');
    expect(edit.properties['scopeVersion']?.const).toBe(1);
    expect(Object.keys(edit.properties['updates']?.properties ?? {})).toEqual(['headline', 'price']);
    expect(edit.properties['updates']).toMatchObject({ additionalProperties: false, minProperties: 1 });
    expect(schemaOf(agent, 'request_scope_expansion').properties['scopeVersion']?.const).toBe(1);
  });
});

describe('a write answers for the version it was registered under', () => {
  it('refuses SCOPE_STALE through a registration made before a re-frame, whatever version it argues', async () => {
    const { human, agent, store } = page();
    human.frame(['headline']);
    await settle();
    const held = agent.tool('edit_scoped_fields');
    if (!held) throw new Error('edit_scoped_fields is not registered');
    human.frame(['headline', 'description']);
    const before = store.read().fields;
    // The old registration is still the one the agent holds: the reconcile has not run yet.
    const argued1 = (await held.execute({ scopeVersion: 1, updates: { headline: HEADLINE } }, { signal: new AbortController().signal })) as Record<string, unknown>;
    expect(argued1).toMatchObject({ ok: false, code: 'SCOPE_STALE', details: { registeredScopeVersion: 1, expectedScopeVersion: 2 } });
    const argued2 = (await held.execute({ scopeVersion: 2, updates: { headline: HEADLINE } }, { signal: new AbortController().signal })) as Record<string, unknown>;
    expect(argued2).toMatchObject({ ok: false, code: 'SCOPE_STALE', details: { registeredScopeVersion: 1, receivedScopeVersion: 2 } });
    expect(store.read().fields).toBe(before);
    await settle();
    expect(schemaOf(agent, 'edit_scoped_fields').properties['scopeVersion']?.const).toBe(2);
  });

  it('answers an argued old version with SCOPE_STALE, not a schema error', async () => {
    const { human, agent, store } = page();
    human.frame(['headline']);
    await settle();
    human.frame(['headline', 'audience']);
    await settle();
    const before = store.read();
    expect(await agent.call('edit_scoped_fields', { scopeVersion: 1, updates: { headline: HEADLINE } })).toMatchObject({
      ok: false,
      code: 'SCOPE_STALE',
      details: { expectedScopeVersion: 2, receivedScopeVersion: 1 },
    });
    expect(await agent.call('request_scope_expansion', { scopeVersion: 1, fields: ['price'], reason: REASON })).toMatchObject({ ok: false, code: 'SCOPE_STALE' });
    expect(store.read()).toBe(before);
  });

  it('refuses an unframed field with OUT_OF_SCOPE and applies nothing of the batch', async () => {
    const { human, agent, store } = page();
    human.frame(['headline']);
    await settle();
    const before = store.read();
    const result = (await agent.call('edit_scoped_fields', { scopeVersion: 1, updates: { headline: HEADLINE, price: '€69' } })) as { code: string; message: string; details: { outOfScope: string[] } };
    expect(result).toMatchObject({ ok: false, code: 'OUT_OF_SCOPE', details: { outOfScope: ['price'] } });
    expect(result.message).toContain('price');
    expect(await agent.call('edit_scoped_fields', { scopeVersion: 1, updates: { colour: 'red' } })).toMatchObject({ ok: false, code: 'UNKNOWN_FIELD' });
    expect(store.read()).toBe(before);
  });

  it('leaves a bad value to the schema, which names the field', async () => {
    const { human, agent, store } = page();
    human.frame(['headline']);
    await settle();
    const before = store.read();
    expect(await agent.call('edit_scoped_fields', { scopeVersion: 1, updates: { headline: 'x'.repeat(81) } })).toMatchObject({
      ok: false,
      code: 'INVALID_INPUT',
      details: { field: 'updates.headline' },
    });
    expect(await agent.call('edit_scoped_fields', { scopeVersion: 1, updates: {} })).toMatchObject({ ok: false, code: 'INVALID_INPUT', details: { field: 'updates' } });
    expect(store.read()).toBe(before);
  });
});

describe('request_scope_expansion waits for the human on a held surface', () => {
  async function framedAndEdited() {
    const board = page();
    board.human.frame(['headline', 'description']);
    await settle();
    await board.agent.call('edit_scoped_fields', { scopeVersion: 1, updates: { headline: HEADLINE } });
    await settle();
    return board;
  }

  function pending(promise: Promise<unknown>) {
    const box: { settled: boolean; value: unknown } = { settled: false, value: undefined };
    void promise.then((value) => Object.assign(box, { settled: true, value }));
    return box;
  }

  it('holds the registered set while it waits, then resolves the same call with the approval', async () => {
    const { agent, human, surface, store, changes } = await framedAndEdited();
    const seen = changes.length;
    const call = pending(agent.call('request_scope_expansion', { scopeVersion: 1, fields: ['launch_date'], reason: REASON }));
    await settle();
    expect(call.settled).toBe(false);
    expect(store.read().pendingExpansion?.fields).toEqual(['launch_date']);
    expect(surface.heldFor()).toHaveLength(1);
    expect(agent.names()).toEqual(ALL);
    expect(changes.length).toBe(seen);
    // The held tool is still listed; a second request through it hears the spec's code.
    expect(await agent.call('request_scope_expansion', { scopeVersion: 1, fields: ['price'], reason: REASON })).toMatchObject({ ok: false, code: 'EXPANSION_PENDING' });
    expect(await agent.call('submit_changes_for_review', { scopeVersion: 1 })).toMatchObject({ ok: false, code: 'HUMAN_DECISION_PENDING' });
    expect(store.read().pendingExpansion?.fields).toEqual(['launch_date']);

    human.decideExpansion('approve');
    await settle();
    expect(call.value).toMatchObject({
      ok: true,
      decision: 'approved',
      permissionChanged: true,
      currentScopeVersion: 2,
      scope: ['headline', 'description', 'launch_date'],
      nextAction: expect.stringContaining('do not ask the human to confirm again'),
    });
    expect(surface.heldFor()).toEqual([]);
    const edit = schemaOf(agent, 'edit_scoped_fields');
    expect(edit.properties['scopeVersion']?.const).toBe(2);
    expect(Object.keys(edit.properties['updates']?.properties ?? {})).toContain('launch_date');
    expect(await agent.call('edit_scoped_fields', { scopeVersion: 2, updates: { launch_date: '2026-10-06' } })).toMatchObject({ ok: true });
    expect(store.read().fields.launch_date).toBe('2026-10-06');
  });

  it('resolves with permissionChanged false when the human keeps the frame', async () => {
    const { agent, human, store } = await framedAndEdited();
    const call = agent.call('request_scope_expansion', { scopeVersion: 1, fields: ['price'], reason: REASON });
    await settle();
    human.decideExpansion('deny');
    expect(await call).toMatchObject({ ok: true, decision: 'denied', permissionChanged: false, currentScopeVersion: 1 });
    expect(store.read().scope).toEqual(['headline', 'description']);
  });

  it('answers SCOPE_STALE when the human re-frames instead, and EXPANSION_WAIT_ABORTED when the caller gives up', async () => {
    const { agent, human, store } = await framedAndEdited();
    const superseded = agent.call('request_scope_expansion', { scopeVersion: 1, fields: ['price'], reason: REASON });
    await settle();
    human.frame(['headline']);
    expect(await superseded).toMatchObject({ ok: false, code: 'SCOPE_STALE' });
    expect(store.read().pendingExpansion).toBeNull();
    await settle();

    const controller = new AbortController();
    const aborted = agent.call('request_scope_expansion', { scopeVersion: 2, fields: ['audience'], reason: REASON }, controller.signal);
    await settle();
    controller.abort();
    expect(await aborted).toMatchObject({ ok: false, code: 'EXPANSION_WAIT_ABORTED' });
    // The request stays open for the human, and the log says the agent stopped waiting.
    expect(store.read().pendingExpansion?.fields).toEqual(['audience']);
    expect(store.read().activity.at(-1)?.type).toBe('EXPANSION_WAIT_ENDED');
  });
});

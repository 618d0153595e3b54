// @vitest-environment jsdom
import { cleanupWebMCPPolyfill, initializeWebMCPPolyfill } from '@mcp-b/webmcp-polyfill';
import { documentContext, wrapContext, type PlatformContext, type WebMcp } from '@warrant/webmcp';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initialTurnstile, legalNames, turnstileRows, type Turnstile } from '../../../tests/fixture/src/turnstile.ts';
import { settle } from './testing.ts';
import { createSurface, type ChangeRecord } from './surface.ts';

// The kernel against the real pinned polyfill under jsdom: registrations, aborts and calls go
// through an actual WebMCP implementation, and a recorder counts the platform calls made.

let platform: PlatformContext;

const live: Array<{ dispose(): void }> = [];
afterEach(() => {
  for (const surface of live.splice(0)) surface.dispose();
});

afterAll(async () => {
  // Let the polyfill's form observer drain before the environment goes, then stop it.
  await new Promise((resolve) => setTimeout(resolve, 10));
  cleanupWebMCPPolyfill();
});

beforeAll(() => {
  // jsdom has ShadowRoot on its window but the test global may not; the polyfill looks for it.
  (globalThis as Record<string, unknown>)['ShadowRoot'] ??= window.ShadowRoot;
  initializeWebMCPPolyfill();
  const found = documentContext(document);
  if (!found) throw new Error('the polyfill did not install');
  platform = found;
  document.body.innerHTML = `<form id="note-form" tooldescription="Leave a note at the gate"><input name="note" required><button>Leave</button></form>`;
});

interface Recorder {
  webmcp: WebMcp;
  registerCalls: string[];
  aborts: string[];
}

function recording(): Recorder {
  const base = wrapContext(platform, 'polyfill');
  const recorder: Recorder = { webmcp: base, registerCalls: [], aborts: [] };
  recorder.webmcp = {
    ...base,
    registerTool(tool, options) {
      recorder.registerCalls.push(tool.name);
      options.signal.addEventListener('abort', () => recorder.aborts.push(tool.name));
      return base.registerTool(tool, options);
    },
  };
  return recorder;
}

function machine(recorder: Recorder, start: Turnstile = initialTurnstile) {
  let state = start;
  const changes: ChangeRecord[] = [];
  const store = {
    get: () => state,
    set: (next: Turnstile) => {
      state = next;
      surface.update();
    },
  };
  const surface = createSurface<Turnstile>({
    rows: turnstileRows(store),
    state: () => state,
    webmcp: recorder.webmcp,
    document,
    onChange: (c) => changes.push(c),
  });
  live.push(surface);
  return { store, surface, changes };
}

/** Imperative tools only: the polyfill also lists the declarative form, which tests read from the DOM. */
async function registeredNow(): Promise<string[]> {
  return (await platform.getTools())
    .map((t) => t.name)
    .filter((n) => n !== 'leave_note')
    .sort();
}

describe('surface kernel under the polyfill', () => {
  it('registers exactly the legal rows and follows state', async () => {
    const recorder = recording();
    const { store, surface } = machine(recorder);
    await surface.reconcile();
    expect(await registeredNow()).toEqual(['insert_coin', 'read_turnstile']);
    store.set({ ...store.get(), coins: 2 });
    await settle();
    expect(await registeredNow()).toEqual(['insert_coin', 'open_gate', 'read_turnstile', 'refund_coins']);
    expect(document.getElementById('note-form')?.hasAttribute('toolname')).toBe(false);
    store.set({ ...store.get(), open: true });
    await settle();
    expect(await registeredNow()).toEqual(['close_gate', 'read_turnstile']);
    expect(document.getElementById('note-form')?.getAttribute('toolname')).toBe('leave_note');
    surface.dispose();
    expect(await registeredNow()).toEqual([]);
  });

  it('coalesces a burst of changes into one reconcile', async () => {
    const recorder = recording();
    const { store, surface, changes } = machine(recorder);
    await surface.reconcile();
    const before = changes.length;
    for (let i = 0; i < 4; i += 1) store.set({ ...store.get(), coins: store.get().coins + 1 });
    await settle();
    expect(changes.length - before).toBe(1);
    surface.dispose();
  });

  it('refuses bad input naming the field and changes nothing', async () => {
    const recorder = recording();
    const { store, surface } = machine(recorder);
    await surface.reconcile();
    const outcome = await recorder.webmcp.executeTool('insert_coin', { amount: 9 });
    expect(outcome.ok).toBe(true);
    const value = outcome.ok ? (outcome.value as { ok: boolean; code: string; details: { field: string } }) : null;
    expect(value?.ok).toBe(false);
    expect(value?.code).toBe('INVALID_INPUT');
    expect(value?.details.field).toBe('amount');
    expect(store.get()).toEqual(initialTurnstile);
    surface.dispose();
  });

  it('lets a tool that makes itself illegal finish its own call, then removes it', async () => {
    const recorder = recording();
    const { surface } = machine(recorder, { ...initialTurnstile, coins: 3 });
    await surface.reconcile();
    const call = recorder.webmcp.executeTool('open_gate', { lingerMs: 1000 });
    await settle();
    // The state already says "open", but the running call (a second long) keeps its tool registered.
    expect(await registeredNow()).toContain('open_gate');
    const outcome = await call;
    expect(outcome.ok && (outcome.value as { ok: boolean }).ok).toBe(true);
    await settle();
    expect(await registeredNow()).toEqual(['close_gate', 'read_turnstile']);
    surface.dispose();
  });

  it('holds the registered set while a human decides', async () => {
    const recorder = recording();
    const { store, surface } = machine(recorder);
    await surface.reconcile();
    const release = surface.hold('a human is deciding');
    expect(surface.heldFor()).toEqual(['a human is deciding']);
    store.set({ ...store.get(), coins: 2 });
    await settle();
    expect(await registeredNow()).toEqual(['insert_coin', 'read_turnstile']);
    release();
    await settle();
    expect(await registeredNow()).toEqual(['insert_coin', 'open_gate', 'read_turnstile', 'refund_coins']);
    surface.dispose();
  });

  it('explains every row with its verdict', () => {
    const recorder = recording();
    const { surface } = machine(recorder);
    const rows = surface.explain({ ...initialTurnstile, open: true });
    expect(rows.map((r) => r.name)).toEqual([
      'read_turnstile',
      'insert_coin',
      'open_gate',
      'close_gate',
      'refund_coins',
      'leave_note',
    ]);
    expect(rows.find((r) => r.name === 'insert_coin')?.verdict).toEqual({
      legal: false,
      reason: 'the gate is open',
      cite: 'gate',
    });
    surface.dispose();
  });

  it('after any sequence of transitions, registered equals legal and ops equal the symmetric difference', async () => {
    const transition = fc.constantFrom('coin', 'coins', 'open', 'close', 'refund', 'reset');
    await fc.assert(
      fc.asyncProperty(fc.array(transition, { minLength: 1, maxLength: 12 }), async (steps) => {
        const recorder = recording();
        const { store, surface } = machine(recorder);
        await surface.reconcile();
        for (const step of steps) {
          const s = store.get();
          const next: Turnstile =
            step === 'coin'
              ? { ...s, coins: Math.min(5, s.coins + 1) }
              : step === 'coins'
                ? { ...s, coins: Math.min(5, s.coins + 3) }
                : step === 'open'
                  ? { ...s, open: true }
                  : step === 'close'
                    ? { ...s, open: false }
                    : step === 'refund'
                      ? { ...s, coins: Math.max(0, s.coins - 1) }
                      : initialTurnstile;
          const before = await registeredKeys();
          const calls = recorder.registerCalls.length;
          const aborts = recorder.aborts.length;
          store.set(next);
          const change = await surface.reconcile();
          const after = await registeredKeys();
          const symmetric =
            [...before].filter((k) => !after.has(k)).length + [...after].filter((k) => !before.has(k)).length;
          const imperativeOps = recorder.registerCalls.length - calls + (recorder.aborts.length - aborts);
          expect(imperativeOps).toBe(symmetric);
          expect(change.ops.register + change.ops.abort).toBe(symmetric);
          const names = [
            ...(await registeredNow()),
            ...(document.getElementById('note-form')?.hasAttribute('toolname') ? ['leave_note'] : []),
          ].sort();
          expect(names).toEqual(legalNames(next));
        }
        surface.dispose();
      }),
      { numRuns: 40 },
    );
  });
});

/** name + schema + description: the key the kernel diffs on, read back from the platform. */
async function registeredKeys(): Promise<Set<string>> {
  const tools = (await platform.getTools()).filter((t) => t.name !== 'leave_note');
  return new Set(tools.map((t) => JSON.stringify([t.name, t.description, t.inputSchema])));
}

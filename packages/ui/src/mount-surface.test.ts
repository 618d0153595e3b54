import { signal } from '@preact/signals';
import { SITES } from '@warrant/config';
import { defineRow, type Row } from '@warrant/surface';
import { settle } from '@warrant/surface/testing';
import { memoryWebMcp, type MemoryWebMcp } from '@warrant/webmcp/testing';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import {
  COIN_BOX,
  initialTurnstile,
  legalNames,
  turnstileRows,
  type Turnstile,
} from '../../../tests/fixture/src/turnstile.ts';
import { mountSurface, type MountedSurface } from './mount-surface.ts';

// The adapter over a real surface and the in-memory WebMCP: what the signals say must be what the
// platform holds, and a disposed mount must leave nothing listening.

const live: Array<MountedSurface<unknown>> = [];
afterEach(() => {
  for (const mounted of live.splice(0)) mounted.dispose();
});

/** The turnstile's imperative tools: the in-memory WebMCP has no forms, so leave_note never registers. */
const imperativeNames = (state: Turnstile): string[] => legalNames(state).filter((name) => name !== 'leave_note');

function turnstile(memory: MemoryWebMcp = memoryWebMcp(), start: Turnstile = initialTurnstile) {
  const state = signal(start);
  const rows = turnstileRows({ get: () => state.peek(), set: (next) => (state.value = next) });
  const mounted = mountSurface({ rows, state, webmcp: memory.webmcp });
  live.push(mounted as MountedSurface<unknown>);
  return { state, memory, mounted };
}

const names = (tools: readonly { name: string }[]): string[] => tools.map((tool) => tool.name).sort();

describe('mountSurface', () => {
  it('registers before it returns, and reads the set back once the first reconcile is done', async () => {
    const { memory, mounted } = turnstile();
    expect(memory.names()).toEqual(imperativeNames(initialTurnstile));
    expect(mounted.tools.value).toEqual([]);
    await mounted.ready;
    expect(names(mounted.tools.value)).toEqual(imperativeNames(initialTurnstile));
    expect(mounted.changeCount.value).toBe(1);
    expect(mounted.lastChange.value?.added.slice().sort()).toEqual(imperativeNames(initialTurnstile));
  });

  it('follows state through the surface: an agent call and a human change both move the tools signal', async () => {
    const { state, memory, mounted } = turnstile();
    await mounted.ready;
    await memory.call('insert_coin', { amount: 3 });
    await settle();
    expect(state.value.coins).toBe(3);
    expect(names(mounted.tools.value)).toEqual(imperativeNames(state.value));
    expect(mounted.lastChange.value?.added.slice().sort()).toEqual(['open_gate', 'refund_coins']);
    expect(mounted.changeCount.value).toBe(2);

    state.value = { ...state.value, open: true, coins: 1 };
    await settle();
    expect(names(mounted.tools.value)).toEqual(['close_gate', 'read_turnstile']);
    expect(mounted.lastChange.value?.removed.slice().sort()).toEqual(['insert_coin', 'open_gate', 'refund_coins']);
    expect(mounted.changeCount.value).toBe(3);
  });

  it('keeps the tools signal equal to the legal set over any sequence of states', async () => {
    const turnstileState = fc.record({
      coins: fc.integer({ min: 0, max: COIN_BOX }),
      open: fc.boolean(),
      passes: fc.constant(0),
      notes: fc.constant([] as string[]),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(turnstileState, { minLength: 1, maxLength: 6 }), async (states) => {
        const { state, mounted } = turnstile();
        await mounted.ready;
        for (const next of states) {
          state.value = next;
          await settle();
          expect(names(mounted.tools.value)).toEqual(imperativeNames(next));
          expect(
            mounted.explained.value
              .filter((row) => row.verdict.legal)
              .map((row) => row.name)
              .sort(),
          ).toEqual(legalNames(next));
        }
        mounted.dispose();
      }),
      { numRuns: 40 },
    );
  });

  it('stops following once disposed: no toolchange is read, no state change reconciles', async () => {
    const memory = memoryWebMcp();
    let listening = 0;
    let reads = 0;
    const watched: MemoryWebMcp = {
      ...memory,
      webmcp: {
        ...memory.webmcp,
        onToolChange(listener) {
          listening += 1;
          const stop = memory.webmcp.onToolChange(listener);
          return () => {
            listening -= 1;
            stop();
          };
        },
        getTools() {
          reads += 1;
          return memory.webmcp.getTools();
        },
      },
    };
    const { state, mounted } = turnstile(watched);
    await mounted.ready;
    const before = mounted.tools.value;
    expect(listening).toBe(1);

    mounted.dispose();
    expect(listening).toBe(0);
    expect(memory.names()).toEqual([]);
    const readsAtDispose = reads;

    // Another tool on the page changes the set: a disposed mount does not look.
    await memory.webmcp.registerTool(
      { name: 'someone_else', description: 'Not the turnstile.', execute: () => ({ ok: true }) },
      { signal: new AbortController().signal },
    );
    state.value = { ...state.value, coins: 4 };
    await settle();
    expect(reads).toBe(readsAtDispose);
    expect(mounted.tools.value).toBe(before);
    expect(memory.names()).toEqual(['someone_else']);
  });

  it('shows a hold as it is taken, by a row waiting for a person or by the page, and drops it on release', async () => {
    interface Gate {
      readonly asked: number;
    }
    let decide: () => void = () => undefined;
    const rows: Row<Gate>[] = [
      defineRow<Gate>({
        name: 'ask_the_warden',
        title: 'Ask the warden',
        description: () => 'Waits for the warden to answer. Always in order.',
        verdict: () => ({ legal: true }),
        inputSchema: () => ({ type: 'object', properties: {}, additionalProperties: false }),
        run: async (_state, _input, ctx) => {
          const release = ctx.hold('the warden is deciding');
          await new Promise<void>((resolve) => (decide = resolve));
          release();
          return { ok: true };
        },
      }),
    ];
    const memory = memoryWebMcp();
    const mounted = mountSurface({ rows, state: signal<Gate>({ asked: 0 }), webmcp: memory.webmcp });
    live.push(mounted as MountedSurface<unknown>);
    await mounted.ready;
    expect(mounted.held.value).toEqual([]);

    const answer = memory.call('ask_the_warden');
    await settle();
    expect(mounted.held.value).toEqual(['the warden is deciding']);
    const releasePage = mounted.surface.hold('the chair is reading');
    expect(mounted.held.value).toEqual(['the warden is deciding', 'the chair is reading']);

    decide();
    expect(await answer).toEqual({ ok: true });
    expect(mounted.held.value).toEqual(['the chair is reading']);
    releasePage();
    expect(mounted.held.value).toEqual([]);
  });

  it('hands exposedTo to every registration, and the call record to onCall', async () => {
    const memory = memoryWebMcp();
    const exposed: Array<readonly string[] | undefined> = [];
    const calls: string[] = [];
    const webmcp = {
      ...memory.webmcp,
      registerTool: (...args: Parameters<typeof memory.webmcp.registerTool>) => {
        exposed.push(args[1].exposedTo);
        return memory.webmcp.registerTool(...args);
      },
    };
    const state = signal(initialTurnstile);
    const rows = turnstileRows({ get: () => state.peek(), set: (next) => (state.value = next) });
    const mounted = mountSurface({
      rows,
      state,
      webmcp,
      exposedTo: [SITES.desk.origin],
      onCall: (call) => {
        calls.push(`${call.caller}:${call.name}`);
      },
    });
    live.push(mounted as MountedSurface<unknown>);
    await mounted.ready;
    expect(exposed.length).toBe(imperativeNames(initialTurnstile).length);
    expect(exposed.every((origins) => origins?.length === 1 && origins[0] === SITES.desk.origin)).toBe(true);
    await memory.call('read_turnstile');
    await mounted.surface.callAsHuman('insert_coin', { amount: 1 });
    expect(calls).toEqual(['agent:read_turnstile', 'human:insert_coin']);
  });
});

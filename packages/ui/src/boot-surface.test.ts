import { signal } from '@preact/signals';
import type { Connection } from '@warrant/webmcp';
import { memoryWebMcp } from '@warrant/webmcp/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { initialTurnstile, legalNames, turnstileRows, type Turnstile } from '../../../tests/fixture/src/turnstile.ts';
import { CONNECTING_REASON } from './boot-mode.ts';
import { bootSurface, type BootedSurface, type BootOptions } from './boot-surface.ts';

const live: Array<BootedSurface<Turnstile>> = [];
afterEach(() => {
  for (const booted of live.splice(0)) booted.dispose();
});

function boot(connection: BootOptions<Turnstile>['connection']) {
  const state = signal(initialTurnstile);
  const rows = turnstileRows({ get: () => state.peek(), set: (next) => (state.value = next) });
  const booted = bootSurface({ rows, state, connection });
  live.push(booted);
  return { state, booted };
}

const imperative = legalNames(initialTurnstile).filter((name) => name !== 'leave_note');

describe('bootSurface', () => {
  it('with a connection in hand, registers inside the call, before anything renders', async () => {
    const memory = memoryWebMcp();
    const { booted } = boot({ mode: 'native', reason: 'The browser provides WebMCP.', webmcp: memory.webmcp });
    expect(memory.names()).toEqual(imperative);
    expect(booted.mode.value).toBe('native');
    expect(booted.reason.value).toBe('The browser provides WebMCP.');
    expect(booted.mount.value).not.toBeNull();
    const mounted = await booted.ready;
    expect(mounted).toBe(booted.mount.value);
    expect(booted.tools.value.map((tool) => tool.name).sort()).toEqual(imperative);
    expect(booted.changeCount.value).toBe(1);
  });

  it('says it is connecting until connect() answers, then mounts without waiting for a task', async () => {
    const memory = memoryWebMcp();
    let answer: (connection: Connection) => void = () => undefined;
    const { booted } = boot(new Promise<Connection>((resolve) => (answer = resolve)));
    expect(booted.mode.value).toBe('connecting');
    expect(booted.reason.value).toBe(CONNECTING_REASON);
    expect(booted.tools.value).toEqual([]);
    expect(booted.explained.value).toEqual([]);
    answer({
      mode: 'polyfill',
      reason: 'This browser has no WebMCP; the polyfill provides it.',
      webmcp: memory.webmcp,
    });
    // Microtasks only, no timer: the mount does not wait for a task (a render, a paint).
    for (let hop = 0; hop < 5; hop += 1) await Promise.resolve();
    expect(memory.names()).toEqual(imperative);
    expect(booted.mode.value).toBe('polyfill');
    await booted.ready;
    expect(booted.tools.value.map((tool) => tool.name).sort()).toEqual(imperative);
  });

  it('without WebMCP, still mounts: verdicts are explained and nothing is registered', async () => {
    const { booted } = boot({
      mode: 'unavailable',
      reason: 'This page is not a secure context; WebMCP needs https or localhost.',
      webmcp: null,
    });
    await booted.ready;
    expect(booted.mode.value).toBe('unavailable');
    expect(booted.tools.value).toEqual([]);
    expect(
      booted.explained.value
        .filter((row) => row.verdict.legal)
        .map((row) => row.name)
        .sort(),
    ).toEqual(legalNames(initialTurnstile));
  });

  it('a connection that fails outright leaves the page unavailable, with the reason', async () => {
    const { booted } = boot(Promise.reject(new Error('the polyfill chunk did not load')));
    await booted.ready;
    expect(booted.mode.value).toBe('unavailable');
    expect(booted.reason.value).toContain('the polyfill chunk did not load');
  });

  it('disposed before connect() answers, it never mounts', async () => {
    const memory = memoryWebMcp();
    let answer: (connection: Connection) => void = () => undefined;
    const { booted } = boot(new Promise<Connection>((resolve) => (answer = resolve)));
    booted.dispose();
    answer({ mode: 'native', reason: 'The browser provides WebMCP.', webmcp: memory.webmcp });
    expect(await booted.ready).toBeNull();
    expect(booted.mount.value).toBeNull();
    expect(memory.names()).toEqual([]);
  });
});

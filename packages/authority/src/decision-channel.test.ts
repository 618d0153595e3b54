import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { manualClock } from './testing.ts';
import {
  createDecisionChannel,
  DEFAULT_DECISION_CODES,
  type DecisionChannelSnapshot,
  type DecisionOutcome,
} from './decision-channel.ts';

interface Ask {
  readonly id: string;
  readonly fields: readonly string[];
}

const fakeClock = manualClock;

function holdSpy() {
  const events: string[] = [];
  return {
    events,
    hold: (reason: string) => {
      events.push(`hold: ${reason}`);
      return () => events.push('release');
    },
  };
}

/** Tracks whether a promise has settled, without awaiting it. */
function track<T>(promise: Promise<T>) {
  const state: { settled: boolean; value?: T } = { settled: false };
  void promise.then((value) => {
    state.settled = true;
    state.value = value;
  });
  return state;
}

const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

function setup(options: { timeoutMs?: number; codes?: Record<string, string> } = {}) {
  const clock = fakeClock();
  const channel = createDecisionChannel<Ask, 'approve' | 'deny'>({
    setTimer: clock.setTimer,
    clearTimer: clock.clearTimer,
    describe: (ask) => ({ fields: ask.fields }),
    ...options,
  });
  return { clock, channel };
}

const ask = (id: string): Ask => ({ id, fields: ['launch_date'] });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('createDecisionChannel', () => {
  it('keeps the call pending until a human decides, holding the surface meanwhile', async () => {
    const { clock, channel } = setup();
    const spy = holdSpy();
    const call = track(channel.request(ask('r1'), { hold: spy.hold }));
    await flush();
    clock.advance(119_999);
    await flush();
    expect(call.settled).toBe(false);
    expect(spy.events).toEqual(['hold: awaiting a human decision on r1']);
    expect(channel.snapshot()).toEqual({
      disposed: false,
      waiting: true,
      current: { id: 'r1', request: ask('r1'), status: 'pending', endedWith: null },
    });
  });

  it('resolves that same call with the approval, then releases the hold on the next task', async () => {
    const { clock, channel } = setup();
    const spy = holdSpy();
    const call = channel.request(ask('r1'), { hold: spy.hold });
    expect(channel.decide('r1', 'approve')).toBe('delivered');
    expect(spy.events).toEqual(['hold: awaiting a human decision on r1']);
    expect(await call).toEqual({ ok: true, requestId: 'r1', decision: 'approve' });
    expect(spy.events).not.toContain('release');
    clock.advance(0);
    expect(spy.events).toEqual(['hold: awaiting a human decision on r1', 'release']);
    expect(channel.snapshot().current?.status).toBe('decided');
    expect(channel.snapshot().waiting).toBe(false);
    expect(clock.pending).toBe(0);
  });

  it('resolves the call with a denial just the same: the human decided', async () => {
    const { channel } = setup();
    const call = channel.request(ask('r1'));
    expect(channel.decide('r1', 'deny')).toBe('delivered');
    expect(await call).toEqual({ ok: true, requestId: 'r1', decision: 'deny' });
  });

  it('ignores a decision naming another request', async () => {
    const { channel } = setup();
    const call = track(channel.request(ask('r1')));
    expect(channel.decide('r0', 'approve')).toBe('unknown');
    await flush();
    expect(call.settled).toBe(false);
    expect(channel.snapshot().current?.status).toBe('pending');
  });

  it('fails closed on timeout, leaving the request open for the human', async () => {
    const { clock, channel } = setup({ timeoutMs: 5_000 });
    const spy = holdSpy();
    const call = channel.request(ask('r1'), { hold: spy.hold });
    clock.advance(5_000);
    expect(await call).toEqual({
      ok: false,
      isError: true,
      code: 'HUMAN_DECISION_TIMEOUT',
      message: expect.stringContaining('within 5 s. Nothing was granted'),
      details: { requestId: 'r1', fields: ['launch_date'], timeoutMs: 5_000 },
    });
    expect(channel.snapshot().current).toMatchObject({
      id: 'r1',
      status: 'expired',
      endedWith: 'HUMAN_DECISION_TIMEOUT',
    });
    expect(spy.events).toContain('release');
    expect(channel.decide('r1', 'approve')).toBe('unattended');
    expect(channel.snapshot().current?.status).toBe('decided');
  });

  it('defaults to a 120 s timeout', async () => {
    const { clock, channel } = setup();
    expect(channel.timeoutMs).toBe(120_000);
    const call = channel.request(ask('r1'));
    clock.advance(120_000);
    expect(await call).toMatchObject({
      ok: false,
      code: 'HUMAN_DECISION_TIMEOUT',
      message: expect.stringContaining('2 min'),
    });
  });

  it('fails closed when the caller aborts, leaving the request open', async () => {
    const { clock, channel } = setup();
    const spy = holdSpy();
    const controller = new AbortController();
    const call = channel.request(ask('r1'), { signal: controller.signal, hold: spy.hold });
    controller.abort();
    expect(await call).toMatchObject({ ok: false, code: DEFAULT_DECISION_CODES.aborted, details: { requestId: 'r1' } });
    expect(channel.snapshot().current).toMatchObject({ status: 'expired', endedWith: 'DECISION_WAIT_ABORTED' });
    expect(clock.pending).toBe(1); // only the hold release; the timeout timer is gone
    clock.advance(0);
    expect(spy.events.filter((event) => event === 'release')).toHaveLength(1);
  });

  it('answers an already-aborted signal at once, without holding, and keeps the request visible', async () => {
    const { channel } = setup();
    const spy = holdSpy();
    const outcome = await channel.request(ask('r1'), { signal: AbortSignal.abort(), hold: spy.hold });
    expect(outcome).toMatchObject({ ok: false, code: 'DECISION_WAIT_ABORTED' });
    expect(spy.events).toEqual([]);
    expect(channel.snapshot().current).toMatchObject({ id: 'r1', status: 'expired' });
  });

  it('fails closed when a human act supersedes the request', async () => {
    const { channel } = setup();
    const call = channel.request(ask('r1'));
    expect(channel.supersede('the human re-framed the board')).toBe(true);
    expect(await call).toMatchObject({
      ok: false,
      code: 'DECISION_SUPERSEDED',
      message: expect.stringContaining('the human re-framed the board'),
      details: { requestId: 'r1', reason: 'the human re-framed the board' },
    });
    expect(channel.snapshot().current).toMatchObject({ status: 'superseded', endedWith: 'DECISION_SUPERSEDED' });
    expect(channel.supersede('again')).toBe(false);
    expect(channel.decide('r1', 'approve')).toBe('unknown');
  });

  it('closes an expired request when superseded, with no call left to answer', async () => {
    const { clock, channel } = setup({ timeoutMs: 10 });
    const call = channel.request(ask('r1'));
    clock.advance(10);
    await call;
    expect(channel.supersede('reset')).toBe(true);
    expect(channel.snapshot().current?.status).toBe('superseded');
    expect(channel.supersede('reset')).toBe(false);
  });

  it('refuses a second request while one waits, and the first still resolves', async () => {
    const { channel } = setup();
    const first = channel.request(ask('r1'));
    expect(await channel.request(ask('r2'))).toMatchObject({
      ok: false,
      code: 'DECISION_CHANNEL_BUSY',
      details: { requestId: 'r1', refusedRequestId: 'r2' },
    });
    expect(channel.snapshot().current?.id).toBe('r1');
    channel.decide('r1', 'approve');
    expect(await first).toMatchObject({ ok: true, requestId: 'r1' });
  });

  it('takes a new request once the previous call has ended', async () => {
    const { clock, channel } = setup({ timeoutMs: 10 });
    const first = channel.request(ask('r1'));
    clock.advance(10);
    await first;
    const second = channel.request(ask('r2'));
    expect(channel.decide('r1', 'approve')).toBe('unknown');
    expect(channel.decide('r2', 'deny')).toBe('delivered');
    expect(await second).toMatchObject({ ok: true, requestId: 'r2', decision: 'deny' });
  });

  it('fails closed on dispose and refuses everything after', async () => {
    const { clock, channel } = setup();
    const listener = vi.fn();
    channel.subscribe(listener);
    const call = channel.request(ask('r1'));
    listener.mockClear();
    channel.dispose();
    expect(await call).toMatchObject({ ok: false, code: 'DECISION_CHANNEL_DISPOSED', details: { requestId: 'r1' } });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener.mock.calls[0]?.[0]).toMatchObject({
      disposed: true,
      waiting: false,
      current: { status: 'expired' },
    });
    expect(await channel.request(ask('r2'))).toMatchObject({
      ok: false,
      code: 'DECISION_CHANNEL_DISPOSED',
      details: { requestId: 'r2' },
    });
    expect(channel.decide('r1', 'approve')).toBe('unknown');
    expect(channel.supersede('late')).toBe(false);
    channel.dispose();
    clock.advance(1_000_000);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('uses the codes it is given', async () => {
    const codes = {
      timeout: 'HUMAN_DECISION_TIMEOUT',
      aborted: 'EXPANSION_WAIT_ABORTED',
      superseded: 'SCOPE_STALE',
      disposed: 'EXPANSION_BRIDGE_DISPOSED',
      busy: 'EXPANSION_PENDING',
    };
    const { clock, channel } = setup({ codes, timeoutMs: 10 });
    const controller = new AbortController();
    const aborted = channel.request(ask('a'), { signal: controller.signal });
    controller.abort();
    expect(await aborted).toMatchObject({ code: 'EXPANSION_WAIT_ABORTED' });
    const superseded = channel.request(ask('b'));
    expect(await channel.request(ask('c'))).toMatchObject({ code: 'EXPANSION_PENDING' });
    channel.supersede('re-framed');
    expect(await superseded).toMatchObject({ code: 'SCOPE_STALE' });
    const timedOut = channel.request(ask('d'));
    clock.advance(10);
    expect(await timedOut).toMatchObject({ code: 'HUMAN_DECISION_TIMEOUT' });
    const disposed = channel.request(ask('e'));
    channel.dispose();
    expect(await disposed).toMatchObject({ code: 'EXPANSION_BRIDGE_DISPOSED' });
  });

  it('tells subscribers about every change until they unsubscribe', () => {
    const { clock, channel } = setup({ timeoutMs: 10 });
    const seen: DecisionChannelSnapshot<Ask>[] = [];
    const unsubscribe = channel.subscribe((snapshot) => seen.push(snapshot));
    void channel.request(ask('r1'));
    clock.advance(10);
    channel.decide('r1', 'approve');
    expect(seen.map((snapshot) => [snapshot.waiting, snapshot.current?.status])).toEqual([
      [true, 'pending'],
      [false, 'expired'],
      [false, 'decided'],
    ]);
    unsubscribe();
    void channel.request(ask('r2'));
    expect(seen).toHaveLength(3);
  });

  it('keeps settling and notifying when a subscriber throws, and resurfaces the error', async () => {
    const deferred: (() => void)[] = [];
    vi.stubGlobal('queueMicrotask', (callback: () => void) => deferred.push(callback));
    const { channel } = setup();
    const after = vi.fn();
    channel.subscribe(() => {
      throw new Error('view broke');
    });
    channel.subscribe(after);
    const call = channel.request(ask('r1'));
    expect(channel.decide('r1', 'approve')).toBe('delivered');
    expect(after).toHaveBeenCalledTimes(2);
    expect(await call).toMatchObject({ ok: true });
    expect(deferred).toHaveLength(2);
    expect(deferred[0]).toThrow('view broke');
  });

  it.each([0, -1, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 31])(
    'rejects a timeout of %s at construction',
    (timeoutMs) => {
      expect(() => createDecisionChannel({ timeoutMs })).toThrow(RangeError);
    },
  );

  it('works with the real timers by default', async () => {
    const channel = createDecisionChannel<Ask, string>({ timeoutMs: 5 });
    expect(await channel.request(ask('r1'))).toMatchObject({
      ok: false,
      code: 'HUMAN_DECISION_TIMEOUT',
      message: expect.stringContaining('5 ms'),
    });
  });
});

describe('createDecisionChannel: any interleaving', () => {
  type Op =
    | { kind: 'request'; abortable: boolean }
    | { kind: 'decide'; target: 'current' | 'stale' }
    | { kind: 'supersede' }
    | { kind: 'abort' }
    | { kind: 'advance'; ms: number }
    | { kind: 'dispose' };
  const op: fc.Arbitrary<Op> = fc.oneof(
    { weight: 4, arbitrary: fc.record({ kind: fc.constant('request' as const), abortable: fc.boolean() }) },
    {
      weight: 3,
      arbitrary: fc.record({
        kind: fc.constant('decide' as const),
        target: fc.constantFrom('current' as const, 'stale' as const),
      }),
    },
    { weight: 1, arbitrary: fc.constant({ kind: 'supersede' as const }) },
    { weight: 1, arbitrary: fc.constant({ kind: 'abort' as const }) },
    {
      weight: 2,
      arbitrary: fc.record({ kind: fc.constant('advance' as const), ms: fc.integer({ min: 0, max: 150 }) }),
    },
    { weight: 1, arbitrary: fc.constant({ kind: 'dispose' as const }) },
  );

  it('answers every call exactly once, never rejects, waits for one call at most, and releases every hold once', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { maxLength: 40 }), async (ops) => {
        const clock = fakeClock();
        const channel = createDecisionChannel<Ask, string>({
          timeoutMs: 100,
          setTimer: clock.setTimer,
          clearTimer: clock.clearTimer,
        });
        const calls: { id: string; outcome: Promise<DecisionOutcome<string>>; answers: number; rejected: boolean }[] =
          [];
        const holds = new Map<string, number>();
        const controllers: AbortController[] = [];
        let counter = 0;
        for (const step of ops) {
          const waitingBefore = channel.snapshot().waiting;
          switch (step.kind) {
            case 'request': {
              counter += 1;
              const id = `r${counter}`;
              const controller = new AbortController();
              if (step.abortable) controllers.push(controller);
              const record = {
                id,
                outcome: channel.request(ask(id), {
                  signal: controller.signal,
                  hold: () => {
                    holds.set(id, 0);
                    return () => holds.set(id, (holds.get(id) ?? 0) + 1);
                  },
                }),
                answers: 0,
                rejected: false,
              };
              record.outcome.then(
                () => (record.answers += 1),
                () => (record.rejected = true),
              );
              calls.push(record);
              if (waitingBefore) expect(channel.snapshot().current?.id).not.toBe(id);
              break;
            }
            case 'decide': {
              const current = channel.snapshot().current;
              const receipt = channel.decide(step.target === 'current' && current ? current.id : 'nobody', 'yes');
              expect(receipt === 'delivered').toBe(step.target === 'current' && waitingBefore);
              break;
            }
            case 'supersede':
              channel.supersede('re-framed');
              break;
            case 'abort':
              controllers.shift()?.abort();
              break;
            case 'advance':
              clock.advance(step.ms);
              break;
            case 'dispose':
              channel.dispose();
              break;
          }
          const snapshot = channel.snapshot();
          expect(snapshot.waiting).toBe(snapshot.current?.status === 'pending');
        }
        channel.dispose();
        clock.advance(1_000);
        await flush();
        for (const call of calls) {
          expect(call.rejected).toBe(false);
          expect(call.answers).toBe(1);
          const outcome = await call.outcome;
          if (outcome.ok) expect(outcome.requestId).toBe(call.id);
        }
        for (const released of holds.values()) expect(released).toBe(1);
      }),
      { numRuns: 300 },
    );
  });
});

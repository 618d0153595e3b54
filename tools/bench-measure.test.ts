import { describe, expect, it } from 'vitest';
import { percentile, percentileFigure, underLoad } from '../bench/measure.ts';

// The bench's load curves (partner writes at 1, 10 and 50 writers, desk verbs at 1, 5 and 20
// dispatchers) stand on two helpers of bench/measure.ts: `underLoad`, which keeps a number of
// callers in flight over a fixed count of jobs, and `percentile`. Both are checked here without
// timers: each job waits on a promise the test settles, so what is in flight is known exactly.

/** A job the test ends by hand: `started` says which have begun, `finish(i)` answers job i. */
function heldJobs() {
  const started: number[] = [];
  const waiting = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();
  const job = (index: number) =>
    new Promise<void>((resolve, reject) => {
      started.push(index);
      waiting.set(index, { resolve, reject });
    });
  const settle = async (index: number, error?: Error) => {
    const held = waiting.get(index);
    if (!held) throw new Error(`job ${index} has not started`);
    waiting.delete(index);
    if (error) held.reject(error);
    else held.resolve();
    // Let the caller that ran it take its next job.
    for (let turn = 0; turn < 5; turn += 1) await Promise.resolve();
  };
  return { job, started, settle, inFlight: () => [...waiting.keys()] };
}

describe('percentile (nearest rank)', () => {
  it('gives the value below which the share of values fall, whatever their order', () => {
    const values = [7, 1, 10, 3, 5, 2, 8, 4, 9, 6];
    expect(percentile(values, 0.5)).toBe(5);
    expect(percentile(values, 0.95)).toBe(10);
    expect(percentile(values, 0.1)).toBe(1);
    expect(percentile(values, 1)).toBe(10);
    expect(percentile([42], 0.95)).toBe(42);
  });

  it('refuses no values and a share outside (0, 1]', () => {
    expect(() => percentile([], 0.5)).toThrow(/at least one value/);
    expect(() => percentile([1], 0)).toThrow(/share/);
    expect(() => percentile([1], 1.5)).toThrow(/share/);
  });

  it('as a figure, keeps how many calls it is of', () => {
    const figure = percentileFigure(
      { id: 'x.p95', unit: 'ms', goal: 'report', note: 'n', digits: 1 },
      [1.04, 2.06, 3.01],
      0.95,
      { writers: 3 },
    );
    expect(figure).toMatchObject({ id: 'x.p95', value: 3, unit: 'ms', facts: { writers: 3, callsTimed: 3 } });
  });
});

describe('underLoad', () => {
  it('keeps `workers` jobs in flight, each next job taken as one answers, every job run once', async () => {
    const held = heldJobs();
    const run = underLoad(held.job, { workers: 3, jobs: 7 });
    await Promise.resolve();
    expect(held.started).toEqual([0, 1, 2]);
    await held.settle(1);
    expect(held.inFlight()).toEqual([0, 2, 3]);
    await held.settle(0);
    await held.settle(3);
    expect(held.inFlight()).toEqual([2, 4, 5]);
    for (const index of [2, 4, 5]) await held.settle(index);
    expect(held.inFlight()).toEqual([6]);
    await held.settle(6);
    const done = await run;
    expect(held.started).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(done.mostInFlight).toBe(3);
    expect(done.jobMs).toHaveLength(7);
    expect(done.jobMs.every((ms) => ms >= 0 && ms <= done.wallMs)).toBe(true);
  });

  it('starts no more callers than there are jobs', async () => {
    const held = heldJobs();
    const run = underLoad(held.job, { workers: 50, jobs: 2 });
    await Promise.resolve();
    expect(held.started).toEqual([0, 1]);
    await held.settle(0);
    await held.settle(1);
    expect((await run).mostInFlight).toBe(2);
  });

  it('stops taking jobs once one fails, and throws its error after the jobs in flight end', async () => {
    const held = heldJobs();
    const run = underLoad(held.job, { workers: 2, jobs: 5 });
    let outcome: unknown = 'pending';
    run.then(
      () => (outcome = 'resolved'),
      (error: Error) => (outcome = error.message),
    );
    await Promise.resolve();
    await held.settle(0, new Error('the write was not made'));
    expect(held.inFlight()).toEqual([1]);
    expect(outcome).toBe('pending');
    await held.settle(1);
    await run.catch(() => undefined);
    expect(outcome).toBe('the write was not made');
    expect(held.started).toEqual([0, 1]);
  });

  it('refuses a load of no workers or no jobs', async () => {
    await expect(underLoad(async () => undefined, { workers: 0, jobs: 1 })).rejects.toThrow(/worker/);
    await expect(underLoad(async () => undefined, { workers: 1, jobs: 0 })).rejects.toThrow(/job/);
  });
});

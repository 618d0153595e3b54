import { describe, expect, it } from 'vitest';
import { createExclusive } from './exclusive.ts';

describe('createExclusive', () => {
  it('runs one task at a time, in the order asked, and goes on after a task fails', async () => {
    const exclusive = createExclusive('test', null);
    const trace: string[] = [];
    const task = (name: string, fail = false) => async () => {
      trace.push(`${name} start`);
      await new Promise((resolve) => setTimeout(resolve, 5));
      trace.push(`${name} end`);
      if (fail) throw new Error(name);
      return name;
    };
    const results = await Promise.allSettled([exclusive(task('a')), exclusive(task('b', true)), exclusive(task('c'))]);
    expect(trace).toEqual(['a start', 'a end', 'b start', 'b end', 'c start', 'c end']);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  });

  it('takes the named lock for each task where the browser has locks', async () => {
    const asked: string[] = [];
    const locks = { request: <T,>(name: string, callback: () => Promise<T>) => (asked.push(name), callback()) };
    const exclusive = createExclusive('warrant-pantry-log', locks);
    expect(await exclusive(async () => 7)).toBe(7);
    expect(asked).toEqual(['warrant-pantry-log']);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { inProcessLock, platformLock } from './lock.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the log lock', () => {
  it('runs holders of one name one at a time, in the order they asked, past a failure', async () => {
    const events: string[] = [];
    const hold = (id: string, fail = false) =>
      inProcessLock('log', async () => {
        events.push(`start ${id}`);
        await new Promise((resolve) => setTimeout(resolve, 3));
        events.push(`end ${id}`);
        if (fail) throw new Error(id);
        return id;
      });
    const results = await Promise.allSettled([hold('a'), hold('b', true), hold('c')]);
    expect(events).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  });

  it('lets different names run side by side', async () => {
    const events: string[] = [];
    const hold = (name: string) =>
      inProcessLock(name, async () => {
        events.push(`start ${name}`);
        await new Promise((resolve) => setTimeout(resolve, 3));
        events.push(`end ${name}`);
      });
    await Promise.all([hold('one'), hold('two')]);
    expect(events.slice(0, 2)).toEqual(['start one', 'start two']);
  });

  it("uses Web Locks' exclusive lock where the platform has them", async () => {
    const request = vi.fn((_name: string, _options: LockOptions, work: () => Promise<unknown>) => work());
    vi.stubGlobal('navigator', { locks: { request } });
    expect(await platformLock()('warrant-log:x', async () => 7)).toBe(7);
    expect(request).toHaveBeenCalledWith('warrant-log:x', { mode: 'exclusive' }, expect.any(Function));
  });
});

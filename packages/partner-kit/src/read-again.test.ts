import { describe, expect, it } from 'vitest';
import { readAgainWhenAsked } from './read-again.ts';

/** A record on a "server" whose reads the test lets finish one at a time. */
function slowRecord() {
  let value = 0;
  const waiting: Array<() => void> = [];
  let seen = -1;
  const reads: number[] = [];
  const read = () =>
    new Promise<void>((done) => {
      const atStart = value;
      reads.push(atStart);
      waiting.push(() => {
        seen = atStart;
        done();
      });
    });
  return {
    read,
    change: () => (value += 1),
    finishNext: async () => {
      waiting.shift()?.();
      await new Promise((tick) => setTimeout(tick, 0));
    },
    get seen() {
      return seen;
    },
    reads,
  };
}

describe('readAgainWhenAsked', () => {
  it('a request made while a read is under way is answered by a read that starts after it, so a change that landed meanwhile is seen', async () => {
    const record = slowRecord();
    const refresh = readAgainWhenAsked(record.read);
    const first = refresh();
    record.change(); // the change lands after the first read left
    const second = refresh();
    await record.finishNext();
    await first;
    expect(record.seen).toBe(0);
    await record.finishNext();
    await second;
    expect(record.seen).toBe(1);
  });

  it('requests made during one read share the one read after it', async () => {
    const record = slowRecord();
    const refresh = readAgainWhenAsked(record.read);
    void refresh();
    const asked = [refresh(), refresh(), refresh()];
    await record.finishNext();
    await record.finishNext();
    await Promise.all(asked);
    expect(record.reads).toHaveLength(2);
  });

  it('a read that fails does not stop the next one', async () => {
    let calls = 0;
    const refresh = readAgainWhenAsked(async () => {
      calls += 1;
      if (calls === 1) throw new Error('server away');
    });
    const first = refresh();
    const second = refresh();
    await expect(first).rejects.toThrow('server away');
    await expect(second).resolves.toBeUndefined();
    expect(calls).toBe(2);
  });
});

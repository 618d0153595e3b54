// One change at a time. A write reads the state, decides, and appends; two writes interleaving
// would both decide on the same state. In a tab a queue orders them; across the origin's tabs and
// frames (a staff tab, and the same site framed inside the desk) a Web Lock does.

export type Exclusive = <T>(task: () => Promise<T>) => Promise<T>;

interface Locks {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

function browserLocks(): Locks | null {
  const locks = (globalThis as { navigator?: { locks?: unknown } }).navigator?.locks;
  return locks ? (locks as Locks) : null;
}

export function createExclusive(lockName: string, locks: Locks | null = browserLocks()): Exclusive {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(task: () => Promise<T>): Promise<T> => {
    const run = (): Promise<T> => (locks ? locks.request(lockName, task) : task());
    const result = tail.then(run, run);
    tail = result.catch(() => undefined);
    return result;
  };
}

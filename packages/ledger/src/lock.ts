// One exclusive lock per log, held across tabs while an append reads the head and writes after
// it, so tabs take their turns in the order they asked. Web Locks where the platform has them;
// elsewhere (Node, an old browser, a page that is not a secure context) a queue in this process,
// which serialises every log instance in it — in Node tests, every "tab". Without the lock the
// record still cannot be spliced: the head is read and the record written in one readwrite
// transaction, and IndexedDB never runs two of those over the same stores at once.

export type LockRunner = <T>(name: string, work: () => Promise<T>) => Promise<T>;

const queues = new Map<string, Promise<unknown>>();

/** Runs `work` once every earlier holder of `name` in this process has finished. */
export const inProcessLock: LockRunner = (name, work) => {
  const before = queues.get(name) ?? Promise.resolve();
  const run = before.then(work, work);
  const settled = run.catch(() => undefined);
  queues.set(name, settled);
  void settled.then(() => {
    if (queues.get(name) === settled) queues.delete(name);
  });
  return run;
};

/** Web Locks' exclusive lock, or the in-process queue where the platform has none. */
export function platformLock(): LockRunner {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  if (!locks) return inProcessLock;
  return (name, work) => locks.request(name, { mode: 'exclusive' }, work) as ReturnType<typeof work>;
}

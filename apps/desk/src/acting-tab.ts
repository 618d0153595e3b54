// One tab of the desk acts at a time: the one holding the desk's Web Lock, for as long as it is
// open. Another tab shows the same record read-only, and takes over (by reloading) when the
// acting tab goes. Without Web Locks, every tab acts and the ledger's own per-append lock and
// stale-tab refusal keep the record from splicing.

const ACTING_LOCK = 'warrant-desk-acting';

/** True when this tab took the lock. `onFreed` is called once the lock comes free in a tab that did not. */
export async function takeActingLock(onFreed: () => void): Promise<boolean> {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  if (!locks) return true;
  const held = await new Promise<boolean>((resolve) => {
    void locks.request(ACTING_LOCK, { ifAvailable: true }, (lock) => {
      resolve(lock !== null);
      // Held until the page goes: the promise never settles.
      return lock ? new Promise<void>(() => {}) : undefined;
    });
  });
  if (!held) void locks.request(ACTING_LOCK, () => onFreed());
  return held;
}

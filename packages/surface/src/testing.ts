/**
 * Waits until work the surface queued has run: coalesced reconciles, a hold's release, the
 * registrations they make. A chain of zero-delay timers rather than one longer timer: zero-delay
 * timers fire in the order they were set, so each hop runs after any timer the previous hop's
 * work set, however loaded the machine is. For tests and benchmarks.
 */
export async function settle(hops = 10): Promise<void> {
  for (let hop = 0; hop < hops; hop += 1) await new Promise((resolve) => setTimeout(resolve, 0));
}

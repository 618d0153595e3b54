// The heart of the reconciler, kept pure so it can be property-tested on its own: given what is
// registered and what should be, touch only the symmetric difference. A tool whose own call is
// still running is left alone (its removal waits for the call to settle).

export interface DiffPlan {
  /** Names to register (new, or re-registered because their signature changed). */
  readonly register: readonly string[];
  /** Names to unregister by aborting their signal. */
  readonly abort: readonly string[];
  /** Names that should go or change but are busy with their own call. */
  readonly deferred: readonly string[];
}

export function diff(
  have: ReadonlyMap<string, string>,
  want: ReadonlyMap<string, string>,
  busy: (name: string) => boolean,
): DiffPlan {
  const register: string[] = [];
  const abort: string[] = [];
  const deferred: string[] = [];
  for (const [name, signature] of have) {
    if (want.get(name) === signature) continue;
    if (busy(name)) deferred.push(name);
    else abort.push(name);
  }
  for (const [name, signature] of want) {
    const current = have.get(name);
    if (current === signature) continue;
    if (current === undefined || !busy(name)) register.push(name);
  }
  return { register, abort, deferred };
}

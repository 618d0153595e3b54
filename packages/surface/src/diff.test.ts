import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { diff } from './diff.ts';

const names = fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f');
const keyed = fc.dictionary(names, fc.constantFrom('s1', 's2'));

function apply(
  have: Map<string, string>,
  want: Map<string, string>,
  plan: ReturnType<typeof diff>,
): Map<string, string> {
  const next = new Map(have);
  for (const name of plan.abort) next.delete(name);
  for (const name of plan.register) next.set(name, want.get(name) as string);
  return next;
}

describe('diff', () => {
  it('with nothing busy, lands exactly on want by touching only the symmetric difference', () => {
    fc.assert(
      fc.property(keyed, keyed, (h, w) => {
        const have = new Map(Object.entries(h));
        const want = new Map(Object.entries(w));
        const plan = diff(have, want, () => false);
        expect(apply(have, want, plan)).toEqual(want);
        const key = ([n, s]: [string, string]) => `${n}\u0000${s}`;
        const before = new Set([...have].map(key));
        const after = new Set([...want].map(key));
        const symmetric =
          [...before].filter((k) => !after.has(k)).length + [...after].filter((k) => !before.has(k)).length;
        expect(plan.abort.length + plan.register.length).toBe(symmetric);
        expect(plan.deferred).toEqual([]);
      }),
    );
  });

  it('never touches a busy tool, and defers exactly the busy ones that should change', () => {
    fc.assert(
      fc.property(keyed, keyed, fc.uniqueArray(names), (h, w, busyNames) => {
        const have = new Map(Object.entries(h));
        const want = new Map(Object.entries(w));
        const busy = new Set<string>(busyNames);
        const plan = diff(have, want, (n) => busy.has(n));
        for (const name of plan.abort) expect(busy.has(name)).toBe(false);
        for (const name of plan.register) expect(busy.has(name) && have.has(name)).toBe(false);
        const shouldChange = [...have].filter(([n, s]) => want.get(n) !== s && busy.has(n)).map(([n]) => n);
        expect([...plan.deferred].sort()).toEqual(shouldChange.sort());
      }),
    );
  });
});

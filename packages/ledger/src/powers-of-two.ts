// The tree's shape is read from powers of two. Sizes reach 2^53, past JavaScript's 32-bit bit
// operations and past where Math.log2 is exact (log2(2^52 + 1) rounds to 52), so above 2^31
// these count instead.

/** log2 of `n` when `n` is a power of two, else -1. */
export function levelOf(n: number): number {
  if (n < 1) return -1;
  if (n <= 2 ** 31) return (n & (n - 1)) === 0 ? 31 - Math.clz32(n) : -1;
  let level = 31;
  let power = 2 ** 31;
  while (power < n) {
    power *= 2;
    level += 1;
  }
  return power === n ? level : -1;
}

/** The largest power of two smaller than `n` (n ≥ 2): where RFC 9162 splits a tree of n leaves. */
export function splitPoint(n: number): number {
  if (n <= 2 ** 31) return 2 ** (31 - Math.clz32(n - 1));
  let k = 2 ** 31;
  while (k * 2 < n) k *= 2;
  return k;
}

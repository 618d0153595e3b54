/**
 * One figure of `npm run bench`. A timing (anything measured over several runs) carries its
 * spread beside its value: `value` is the median, and `min`, `median`, `max` and `runs` say how
 * far the runs moved, so a reader can tell a regression from noise. A comparison carries the
 * spread of its two sides in `compared`. A count or a size has no spread. A figure that could not
 * be measured on this machine (no PostgreSQL to measure on) is kept with `value: null` and says why
 * in `skipped`, so its absence is recorded rather than silent.
 */
export interface BenchResult {
  readonly id: string;
  readonly value: number | null;
  readonly unit: string;
  /** The target, as text: "< 0.5", "= 1", "report". */
  readonly goal: string;
  readonly note: string;
  readonly min?: number;
  readonly median?: number;
  readonly max?: number;
  readonly runs?: number;
  readonly compared?: Compared;
  /** What the runs established beside their time, as counts and checks (rows lost, the chain verified). */
  readonly facts?: Readonly<Record<string, number | boolean>>;
  /** Why this figure has no value in this run. */
  readonly skipped?: string;
}

/** How far a figure moved over its runs, in the figure's own unit. */
export interface Spread {
  readonly min: number;
  readonly median: number;
  readonly max: number;
  readonly runs: number;
}

/** The two sides of a ratio, each timed in the same run as the other, interleaved. */
export interface Compared {
  readonly unit: string;
  readonly numerator: Spread & { readonly label: string };
  readonly denominator: Spread & { readonly label: string };
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** A small seeded generator, so every run measures the same transitions. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function round(value: number, digits = 3): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/** Min, median and max of a figure's runs (each already in the figure's unit), rounded alike. */
export function spreadOf(samples: readonly number[], digits = 3): Spread {
  if (samples.length === 0) throw new Error('a timing needs at least one run');
  if (samples.some((sample) => !Number.isFinite(sample)))
    throw new Error(`a timing's runs must be finite numbers, got ${samples.join(', ')}`);
  return {
    min: round(Math.min(...samples), digits),
    median: round(median(samples), digits),
    max: round(Math.max(...samples), digits),
    runs: samples.length,
  };
}

export interface Described {
  readonly id: string;
  readonly unit: string;
  readonly goal: string;
  readonly note: string;
  /** Decimal places kept; 3 unless told. */
  readonly digits?: number;
}

/**
 * A timed figure from its runs, one value per run in the figure's unit (ms, µs, or a rate
 * worked out per run: a rate's min is its slowest run). Its value is the median.
 */
export function timing(described: Described, samples: readonly number[]): BenchResult {
  const spread = spreadOf(samples, described.digits);
  return {
    id: described.id,
    value: spread.median,
    unit: described.unit,
    goal: described.goal,
    note: described.note,
    ...spread,
  };
}

/**
 * A comparison as a ratio: numerator[i] / denominator[i] per interleaved pair (see `interleave`),
 * so both sides saw the same machine at the same moment. Its value is the median of the pair
 * ratios, min and max their spread; `compared` keeps each side's own spread, in `sideUnit`.
 */
export function ratio(
  described: Omit<Described, 'unit'> & {
    readonly sideUnit: string;
    readonly numeratorLabel: string;
    readonly denominatorLabel: string;
  },
  numerator: readonly number[],
  denominator: readonly number[],
): BenchResult {
  if (numerator.length !== denominator.length)
    throw new Error(`a ratio pairs runs: ${numerator.length} against ${denominator.length}`);
  const ratios = numerator.map((value, index) => value / (denominator[index] as number));
  const spread = spreadOf(ratios, described.digits);
  const sideDigits = Math.max(3, described.digits ?? 3);
  return {
    id: described.id,
    value: spread.median,
    unit: 'x',
    goal: described.goal,
    note: described.note,
    ...spread,
    compared: {
      unit: described.sideUnit,
      numerator: { label: described.numeratorLabel, ...spreadOf(numerator, sideDigits) },
      denominator: { label: described.denominatorLabel, ...spreadOf(denominator, sideDigits) },
    },
  };
}

/** A figure not measured in this run, kept with the reason. */
export function skipped(described: Omit<Described, 'digits'>, reason: string): BenchResult {
  return {
    id: described.id,
    value: null,
    unit: described.unit,
    goal: described.goal,
    note: described.note,
    skipped: reason,
  };
}

export interface Runs {
  /** Runs made first and thrown away, so no run is timed on colder code than another. */
  readonly warmUp: number;
  readonly runs: number;
}

/** Milliseconds of each of `runs` calls of `work`, after `warmUp` untimed ones. */
export function sampleSync(work: () => unknown, { warmUp, runs }: Runs): number[] {
  for (let run = 0; run < warmUp; run += 1) work();
  const times: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const start = performance.now();
    work();
    times.push(performance.now() - start);
  }
  return times;
}

/** As sampleSync, awaiting each call before the next starts. */
export async function sample(work: () => unknown, { warmUp, runs }: Runs): Promise<number[]> {
  for (let run = 0; run < warmUp; run += 1) await work();
  const times: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const start = performance.now();
    await work();
    times.push(performance.now() - start);
  }
  return times;
}

/**
 * Two strategies timed in one run, interleaved: run i times `a` and `b` back to back, and which
 * goes first alternates (a b, b a, a b …), so a slow moment of the machine, a GC or a warm cache
 * falls on both sides alike. Returns each side's milliseconds, pair by pair. Each call gets the
 * run's index (warm-up runs count from -warmUp), so both sides can step through the same inputs.
 */
export function interleaveSync(
  a: (run: number) => unknown,
  b: (run: number) => unknown,
  { warmUp, runs }: Runs,
): { a: number[]; b: number[] } {
  const times = { a: [] as number[], b: [] as number[] };
  const once = (work: (run: number) => unknown, run: number): number => {
    const start = performance.now();
    work(run);
    return performance.now() - start;
  };
  for (let run = -warmUp; run < runs; run += 1) {
    let ta: number;
    let tb: number;
    if ((run + warmUp) % 2 === 0) {
      ta = once(a, run);
      tb = once(b, run);
    } else {
      tb = once(b, run);
      ta = once(a, run);
    }
    if (run >= 0) {
      times.a.push(ta);
      times.b.push(tb);
    }
  }
  return times;
}

/** As interleaveSync, awaiting each call. */
export async function interleave(
  a: (run: number) => unknown,
  b: (run: number) => unknown,
  { warmUp, runs }: Runs,
): Promise<{ a: number[]; b: number[] }> {
  const times = { a: [] as number[], b: [] as number[] };
  const once = async (work: (run: number) => unknown, run: number): Promise<number> => {
    const start = performance.now();
    await work(run);
    return performance.now() - start;
  };
  for (let run = -warmUp; run < runs; run += 1) {
    let ta: number;
    let tb: number;
    if ((run + warmUp) % 2 === 0) {
      ta = await once(a, run);
      tb = await once(b, run);
    } else {
      tb = await once(b, run);
      ta = await once(a, run);
    }
    if (run >= 0) {
      times.a.push(ta);
      times.b.push(tb);
    }
  }
  return times;
}

/** The value below which `share` of `values` fall (nearest rank): `percentile(values, 0.95)` is the p95. */
export function percentile(values: readonly number[], share: number): number {
  if (values.length === 0) throw new Error('a percentile needs at least one value');
  if (!(share > 0 && share <= 1)) throw new Error(`a percentile's share is in (0, 1], got ${share}`);
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] as number;
}

/** A percentile of every call's time at one load, as a figure: pooled over the calls, so it has no per-run spread. */
export function percentileFigure(
  described: Described,
  values: readonly number[],
  share: number,
  facts: Readonly<Record<string, number | boolean>> = {},
): BenchResult {
  return {
    id: described.id,
    value: round(percentile(values, share), described.digits),
    unit: described.unit,
    goal: described.goal,
    note: described.note,
    facts: { ...facts, callsTimed: values.length },
  };
}

export interface Load {
  /** How many callers work at once. */
  readonly workers: number;
  /** How many jobs they share, each taken by the next caller free. */
  readonly jobs: number;
}

export interface UnderLoad {
  /** Milliseconds from the first job's start to the last one's answer. */
  readonly wallMs: number;
  /** Each job's own milliseconds, from its call to its answer, by the job's index. */
  readonly jobMs: readonly number[];
  /** The most jobs that were in flight at one moment (at most `workers`). */
  readonly mostInFlight: number;
}

/**
 * `jobs` calls of `job` made by `workers` callers at once, as that many clients would: each caller
 * takes the next job the moment its last one answers, so `workers` are in flight until the jobs run
 * out. A throughput is `jobs` over `wallMs`; a latency is each job's own time, queueing included.
 * A job that throws stops the callers taking more, and its error is thrown once the jobs in flight end.
 */
export async function underLoad(job: (index: number) => Promise<unknown>, { workers, jobs }: Load): Promise<UnderLoad> {
  if (!Number.isInteger(workers) || workers < 1) throw new Error(`a load needs at least one worker, got ${workers}`);
  if (!Number.isInteger(jobs) || jobs < 1) throw new Error(`a load needs at least one job, got ${jobs}`);
  const jobMs: number[] = new Array<number>(jobs);
  let next = 0;
  let inFlight = 0;
  let mostInFlight = 0;
  let failed = false;
  const caller = async (): Promise<void> => {
    while (!failed && next < jobs) {
      const index = next;
      next += 1;
      inFlight += 1;
      mostInFlight = Math.max(mostInFlight, inFlight);
      const start = performance.now();
      try {
        await job(index);
      } catch (error) {
        failed = true;
        throw error;
      } finally {
        inFlight -= 1;
      }
      jobMs[index] = performance.now() - start;
    }
  };
  const began = performance.now();
  const ended = await Promise.allSettled(Array.from({ length: Math.min(workers, jobs) }, caller));
  const wallMs = performance.now() - began;
  const failure = ended.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
  if (failure) throw failure.reason;
  return { wallMs, jobMs, mostInFlight };
}

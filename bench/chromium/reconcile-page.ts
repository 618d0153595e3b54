import { connect } from '@warrant/webmcp';
import { interleave } from '../measure.ts';
import { kernelStrategy, teardownStrategy, transitions } from '../reconcile-strategies.ts';

// Runs inside headless Chromium with native WebMCP, bundled and evaluated by
// reconcile-chromium.bench.ts: the kernel's reconcile of a large surface where a few rows change
// legality, and a real full teardown of the same surface, stepping through the same transitions
// in the same page, interleaved step by step (which goes first alternates).

export interface ReconcileTimings {
  readonly ours: number[];
  readonly teardown: number[];
  readonly crossOriginIsolated: boolean;
}

export async function measureReconcile(
  count: number,
  flips: number,
  warmUp: number,
  samples: number,
): Promise<ReconcileTimings> {
  const connection = await connect();
  if (!connection.webmcp || connection.mode !== 'native')
    throw new Error(`native WebMCP is needed here; got ${connection.mode}: ${connection.reason}`);
  const steps = transitions(count, flips, warmUp + samples);
  const ours = kernelStrategy(connection.webmcp, count, steps, 'ours_');
  const torn = teardownStrategy(connection.webmcp, steps, 'torn_');
  await ours.start();
  await torn.start();
  try {
    // Step 1 … warmUp are warm-up; every run steps both strategies to the same transition.
    const times = await interleave(
      (run) => ours.step(run + warmUp + 1),
      (run) => torn.step(run + warmUp + 1),
      { warmUp, runs: samples },
    );
    return { ours: times.a, teardown: times.b, crossOriginIsolated };
  } finally {
    ours.dispose();
    torn.dispose();
  }
}

import { SITES } from '@warrant/config';
import { bundleResult } from './bundle-size.ts';
import type { BenchResult } from './measure.ts';

// Each partner site's first download: a site framed inside the desk is paid for by every lease.

const PARTNERS = [SITES.pantry, SITES.shelter, SITES.rides, SITES.coldchain];

export function partnerBenchmarks(): BenchResult[] {
  return PARTNERS.map((site) =>
    bundleResult(
      site,
      `partner.bundle_kb_gz.${site.name}`,
      25,
      'the WebMCP polyfill (without native WebMCP) and the JSON Schema validator (at the first call)',
    ),
  );
}

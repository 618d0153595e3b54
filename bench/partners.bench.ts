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
      "the page's drawing code, the kit's page and the site's panels (fetched beside the record, as the first script starts), the staff's sign-in bar and check of the desk (after paint, never in the desk's frame), the WebMCP polyfill (without native WebMCP) and the input check with its JSON Schema validator (at the first call)",
    ),
  );
}

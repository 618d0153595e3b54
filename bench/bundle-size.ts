import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Site } from '@warrant/config';
import { round, type BenchResult } from './measure.ts';
import { appRoot } from '../tools/app-sites.ts';

/**
 * The JavaScript a first visit downloads before the page runs: the entry module and every module
 * it preloads, gzipped at level 9. Chunks loaded on demand (the polyfill in a browser without
 * WebMCP) are listed apart, since a native browser never fetches them.
 */
export function initialJsGzipBytes(site: Site): { bytes: number; files: string[] } {
  const dist = join(appRoot(site), 'dist');
  if (!existsSync(join(dist, 'index.html'))) throw new Error(`${site.name} is not built: run \`npm run build\` first.`);
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const files = new Set<string>();
  for (const match of html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)) files.add(match[1] as string);
  for (const match of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)) files.add(match[1] as string);
  let bytes = 0;
  for (const file of files) bytes += gzipSync(readFileSync(join(dist, file.replace(/^\//, ''))), { level: 9 }).length;
  return { bytes, files: [...files] };
}

/** The bundle benchmark of one app: initial JS in kB (1,000 bytes), against its budget. */
export function bundleResult(site: Site, id: string, budgetKb: number, loadedLater: string): BenchResult {
  const { bytes, files } = initialJsGzipBytes(site);
  return {
    id,
    value: round(bytes / 1000, 1),
    unit: 'kB',
    goal: `<= ${budgetKb}`,
    note: `Initial JS of the ${site.title.toLowerCase()} (entry + modulepreloads, gzip -9): ${files.join(', ')}. Loaded on demand: ${loadedLater}.`,
  };
}

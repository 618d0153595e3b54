import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SITES, type Site } from '@warrant/config';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Sites whose app exists in this checkout (an index.html in its folder). The kernel's test
 * fixture is built and served only for the browser tests.
 */
export function appSites(options: { withTestSites?: boolean } = {}): Site[] {
  return Object.values(SITES).filter(
    (site) => site.appDir !== null && (options.withTestSites === true || site.role !== 'test') && existsSync(join(ROOT, site.appDir, 'index.html')),
  );
}

export const WITH_TEST_SITES = process.argv.includes('--with-test-sites');

export function appRoot(site: Site): string {
  if (site.appDir === null) throw new Error(`${site.name} has no app folder.`);
  return join(ROOT, site.appDir);
}

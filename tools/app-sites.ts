import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SITES, type Site } from '@warrant/config';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Sites whose app exists in this checkout (an index.html in its folder). */
export function appSites(): Site[] {
  return Object.values(SITES).filter((site) => site.appDir !== null && existsSync(join(ROOT, site.appDir, 'index.html')));
}

export function appRoot(site: Site): string {
  if (site.appDir === null) throw new Error(`${site.name} has no app folder.`);
  return join(ROOT, site.appDir);
}

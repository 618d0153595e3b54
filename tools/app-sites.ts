import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Site } from '@warrant/config';
import type { InlineConfig } from 'vite';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The registry, for the tools. A bad WARRANT_PORT_BASE makes @warrant/config throw as it loads;
 * loading it here behind a catch lets `npm run build` (which `npm start` runs first) and
 * `npm run dev` say so in one line instead of a stack trace.
 */
export const registry = await import('@warrant/config').catch((error: unknown) => {
  if (!(error instanceof RangeError)) throw error;
  console.error(error.message);
  process.exit(1);
});

/**
 * Sites whose app exists in this checkout (an index.html in its folder). The kernel's test
 * fixture is built and served only for the browser tests.
 */
export function appSites(options: { withTestSites?: boolean } = {}): Site[] {
  return Object.values(registry.SITES).filter(
    (site) =>
      site.appDir !== null &&
      (options.withTestSites === true || site.role !== 'test') &&
      existsSync(join(ROOT, site.appDir, 'index.html')),
  );
}

export const WITH_TEST_SITES = process.argv.includes('--with-test-sites');

export function appRoot(site: Site): string {
  if (site.appDir === null) throw new Error(`${site.name} has no app folder.`);
  return join(ROOT, site.appDir);
}

/**
 * How tools/build-all.ts builds an app: its own vite.config.ts, and the test-sites switch defined
 * either way, so a production bundle folds the browser tests' origins away and never names them.
 */
export function buildConfigOf(site: Site, { withTestSites }: { readonly withTestSites: boolean }): InlineConfig {
  const root = appRoot(site);
  return {
    root,
    configFile: join(root, 'vite.config.ts'),
    logLevel: 'warn',
    define: { [registry.TEST_SITES_BUILD_FLAG]: JSON.stringify(withTestSites) },
  };
}

export function distOf(site: Site): string {
  return join(appRoot(site), 'dist');
}

// A built page carries the port base it was built with (Vite writes it into the bundle), so a
// build serves correctly only on that base. The build records it beside the files, as a dotfile
// the static server never serves.
const PORT_BASE_FILE = '.warrant-port-base';

export function recordPortBase(site: Site): void {
  writeFileSync(join(distOf(site), PORT_BASE_FILE), `${registry.PORT_BASE}\n`);
}

/** The port base the app's build was made for; null when the build did not record one. */
export function builtPortBase(site: Site): number | null {
  const file = join(distOf(site), PORT_BASE_FILE);
  if (!existsSync(file)) return null;
  const base = Number(readFileSync(file, 'utf8').trim());
  return Number.isInteger(base) ? base : null;
}

/** A base a thousand ports away (down, near the top of the range), to suggest. */
function anotherPortBase(): number {
  try {
    return registry.portBaseFrom(String(registry.PORT_BASE + 1000));
  } catch {
    return registry.PORT_BASE - 1000;
  }
}

/** The one line every tool gives for busy ports: which, whose, and what to do. */
export function portsInUse(busy: readonly Site[], rerun: string): string {
  const named = busy.map((site) => `${site.port} (${site.title})`);
  const [ports, them] = named.length === 1 ? [`Port ${named[0]} is`, 'it'] : [`Ports ${named.join(', ')} are`, 'them'];
  return `${ports} in use. Stop what is using ${them}, or move every port with WARRANT_PORT_BASE=${anotherPortBase()} ${rerun}.`;
}

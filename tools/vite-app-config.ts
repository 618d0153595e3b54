import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type UserConfig } from 'vite';
// By path, not by name: Vite bundles its config before any tsconfig paths apply, and the name
// resolves to the package's built dist/, which a fresh checkout does not have yet.
import { HOST, headersFor, SITES, type SiteName } from '../packages/config/src/index.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * Every top-level page of an app is an entry (index.html, and e.g. the desk's probe.html and
 * health.html), so adding a page to an app is adding its .html file, not editing its config.
 */
function pagesOf(appDir: string): Record<string, string> {
  const dir = join(ROOT, appDir);
  const pages = readdirSync(dir).filter((file) => file.endsWith('.html'));
  return Object.fromEntries(pages.map((file) => [file.slice(0, -'.html'.length), join(dir, file)]));
}

/**
 * One Vite configuration for every app: its own origin and port, and in preview the same headers
 * the product serves. The dev server leaves out the CSP, because hot reload injects code. The page
 * learns its port base from where it is served (see @warrant/config), so one build serves on any.
 */
export function appConfig(name: SiteName): UserConfig {
  const site = SITES[name];
  if (site.appDir === null) throw new Error(`${name} has no app folder to build.`);
  const { 'Content-Security-Policy': _csp, ...devHeaders } = headersFor(site);
  return defineConfig({
    base: '/',
    // @warrant packages resolve to their sources here (tsconfig paths), to dist/ once installed.
    resolve: { tsconfigPaths: true },
    server: { port: site.port, strictPort: true, host: HOST, headers: devHeaders },
    preview: { port: site.port, strictPort: true, host: HOST, headers: headersFor(site) },
    // Every browser WebMCP runs in supports modulepreload; the polyfill would only add bytes.
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      target: 'es2022',
      sourcemap: false,
      modulePreload: { polyfill: false },
      rolldownOptions: { input: pagesOf(site.appDir) },
    },
    oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  });
}

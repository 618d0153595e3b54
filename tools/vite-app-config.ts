import { defineConfig, type UserConfig } from 'vite';
// By path, not by name: Vite bundles its config before any tsconfig paths apply, and the name
// resolves to the package's built dist/, which a fresh checkout does not have yet.
import { HOST, headersFor, PORT_BASE, SITES, type SiteName } from '../packages/config/src/index.ts';

/**
 * One Vite configuration for every app: its own origin and port, and in preview the same headers
 * the product serves. The dev server leaves out the CSP, because hot reload injects code. The page
 * gets this process's port base written in (see @warrant/config), so it names the same origins
 * as the server that serves it.
 */
export function appConfig(name: SiteName): UserConfig {
  const site = SITES[name];
  const { 'Content-Security-Policy': _csp, ...devHeaders } = headersFor(site);
  return defineConfig({
    base: '/',
    // @warrant packages resolve to their sources here (tsconfig paths), to dist/ once installed.
    resolve: { tsconfigPaths: true },
    define: { __WARRANT_PORT_BASE__: JSON.stringify(String(PORT_BASE)) },
    server: { port: site.port, strictPort: true, host: HOST, headers: devHeaders },
    preview: { port: site.port, strictPort: true, host: HOST, headers: headersFor(site) },
    // Every browser WebMCP runs in supports modulepreload; the polyfill would only add bytes.
    build: { outDir: 'dist', emptyOutDir: true, target: 'es2022', sourcemap: false, modulePreload: { polyfill: false } },
    oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  });
}

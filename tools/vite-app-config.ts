import { defineConfig, type UserConfig } from 'vite';
import { HOST, headersFor, SITES, type SiteName } from '@warrant/config';

/**
 * One Vite configuration for every app: its own origin and port, and in preview the same headers
 * the product serves. The dev server leaves out the CSP, because hot reload injects code.
 */
export function appConfig(name: SiteName): UserConfig {
  const site = SITES[name];
  const { 'Content-Security-Policy': _csp, ...devHeaders } = headersFor(site);
  return defineConfig({
    base: '/',
    server: { port: site.port, strictPort: true, host: HOST, headers: devHeaders },
    preview: { port: site.port, strictPort: true, host: HOST, headers: headersFor(site) },
    // Every browser WebMCP runs in supports modulepreload; the polyfill would only add bytes.
    build: { outDir: 'dist', emptyOutDir: true, target: 'es2022', sourcemap: false, modulePreload: { polyfill: false } },
    oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  });
}

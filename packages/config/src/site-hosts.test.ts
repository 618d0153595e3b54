import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hostLabelOf, siteHostsFrom, siteHostsServing } from './site-hosts.ts';
import type { Site, SiteName } from './origins.ts';

// WARRANT_SITE_HOSTS: every site on localhost (one site to the browser), or each on a host of its
// own under localhost (a separate site to the browser, as on separate domains). Its validation,
// what it does to the registry and the headers built from it, and how a page learns it.

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const REFUSAL = (shown: string): string =>
  `WARRANT_SITE_HOSTS must be localhost (the default: every site on http://localhost:<port>, one site to the browser) or {site}.localhost (each site on a host of its own, e.g. http://desk.localhost:5173, a separate site to the browser as on separate domains), not ${shown}.`;

describe('siteHostsFrom', () => {
  it('keeps every site on localhost when unset, empty or localhost', () => {
    expect(siteHostsFrom(undefined)).toBe('localhost');
    expect(siteHostsFrom('')).toBe('localhost');
    expect(siteHostsFrom('  ')).toBe('localhost');
    expect(siteHostsFrom('localhost')).toBe('localhost');
    expect(siteHostsFrom(' LocalHost ')).toBe('localhost');
  });

  it('gives each site a host of its own with {site}.localhost', () => {
    expect(siteHostsFrom('{site}.localhost')).toBe('{site}.localhost');
    expect(siteHostsFrom(' {SITE}.Localhost\n')).toBe('{site}.localhost');
  });

  // A longer name under localhost would put every site under one registrable domain again; other
  // hosts are not secure contexts over plain http; a single host or a URL is a slip.
  it.each([
    '{site}.warrant.localhost',
    '{site}.test',
    '{site}.example.com',
    'desk.localhost',
    '*.localhost',
    'own',
    'http://{site}.localhost',
    '{site}.localhost:5173',
    '{site}',
    '127.0.0.1',
    '{site}.localhost.',
  ])('refuses %j in one line that names the setting, both values and the value given', (value) => {
    expect(() => siteHostsFrom(value)).toThrow(new RangeError(REFUSAL(JSON.stringify(value))));
  });

  it('shortens a long value it refuses', () => {
    const long = `${'x'.repeat(60)}.localhost`;
    expect(() => siteHostsFrom(long)).toThrow(new RangeError(REFUSAL(JSON.stringify(`${long.slice(0, 40)}…`))));
  });

  it('reads any string as one of the two, or refuses it in one line', () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        try {
          expect(['localhost', '{site}.localhost']).toContain(siteHostsFrom(value));
        } catch (error) {
          expect(error).toBeInstanceOf(RangeError);
          expect((error as Error).message).not.toMatch(/[\n\r]/);
        }
      }),
    );
  });
});

describe('a site name as a host label', () => {
  it('is lower case with hyphens between words', () => {
    expect(hostLabelOf('desk')).toBe('desk');
    expect(hostLabelOf('coldchain')).toBe('coldchain');
    expect(hostLabelOf('probeUnkeyed')).toBe('probe-unkeyed');
  });
});

interface Registry {
  SITES: Record<SiteName, Site>;
  headers: Record<string, Record<string, string>>;
}

function registryWith(env: Record<string, string>): { registry: Registry | null; stderr: string } {
  const script = `import('@warrant/config').then(({ SITES, headersFor }) => console.log(JSON.stringify({ SITES, headers: Object.fromEntries(Object.values(SITES).map((s) => [s.name, headersFor(s)])) })))`;
  // Node with tsx's loader, not `npx tsx`: npx and tsx's launcher cost seconds on a loaded machine.
  const run = spawnSync(process.execPath, ['--import', 'tsx', '-e', script], {
    cwd: ROOT,
    env: { ...process.env, WARRANT_PORT_BASE: '6173', ...env },
    encoding: 'utf8',
  });
  return { registry: run.status === 0 ? (JSON.parse(run.stdout) as Registry) : null, stderr: run.stderr };
}

describe('the registry under each setting', () => {
  it('with {site}.localhost: each origin on its own host, each address on localhost, and the headers name those origins', () => {
    const { registry, stderr } = registryWith({ WARRANT_SITE_HOSTS: '{site}.localhost' });
    expect(stderr).toBe('');
    const sites = Object.values(registry?.SITES ?? {});
    expect(sites.length).toBeGreaterThan(5);
    for (const site of sites) {
      expect(site.host).toBe(`${hostLabelOf(site.name)}.localhost`);
      expect(site.origin).toBe(`http://${site.host}:${site.port}`);
      expect(site.address).toBe(`http://localhost:${site.port}`);
    }
    expect(new Set(sites.map((site) => site.host)).size).toBe(sites.length);
    const { SITES, headers } = registry as Registry;
    // A partner may be framed by the desk's own host only; the desk frames and grants tools to the partners' hosts.
    expect(headers['pantry']?.['Content-Security-Policy']).toContain(`frame-ancestors http://desk.localhost:6173`);
    expect(headers['desk']?.['Content-Security-Policy']).toContain(
      `frame-src ${SITES.pantry.origin} ${SITES.shelter.origin}`,
    );
    expect(headers['desk']?.['Content-Security-Policy']).toContain(
      `connect-src 'self' http://gateway.localhost:${SITES.gateway.port}`,
    );
    expect(headers['desk']?.['Permissions-Policy']).toContain(`"http://pantry.localhost:6174"`);
    expect(JSON.stringify(headers)).not.toMatch(/http:\/\/localhost:/);
  });

  it('unset: every origin on localhost, as its address', () => {
    const { registry } = registryWith({ WARRANT_SITE_HOSTS: '' });
    for (const site of Object.values(registry?.SITES ?? {})) {
      expect(site.host).toBe('localhost');
      expect(site.origin).toBe(site.address);
    }
  });

  it('a value it cannot use stops the build before anything is built, in one line', () => {
    // The build's program as `npm run build` runs it, in Node with tsx's loader (npx costs seconds).
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'tools/build-all.ts'], {
      cwd: ROOT,
      env: { ...process.env, WARRANT_SITE_HOSTS: '{site}.test' },
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim()).toBe(REFUSAL('"{site}.test"'));
  });
});

describe('a page learns the hosts from where it is served', () => {
  afterEach(() => {
    delete (globalThis as { document?: unknown }).document;
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  // What the registry reads of a page: its <meta name="warrant-site"> and its location.
  async function registryOfPageAt(url: string, site: string): Promise<Record<SiteName, Site>> {
    const meta = { getAttribute: (name: string) => (name === 'content' ? site : null) };
    const page = {
      querySelector: (selector: string) => (selector === 'meta[name="warrant-site"]' ? meta : null),
      location: new URL(url),
    };
    (globalThis as { document?: unknown }).document = page;
    vi.resetModules();
    return (await import('./origins.ts')).SITES;
  }

  it('a partner served on its own host knows every site by its own host, the port base from its port', async () => {
    vi.stubEnv('WARRANT_SITE_HOSTS', '');
    const sites = await registryOfPageAt('http://pantry.localhost:17174/', 'pantry');
    expect(sites.pantry.origin).toBe('http://pantry.localhost:17174');
    expect(sites.desk.origin).toBe('http://desk.localhost:17173');
    expect(sites.probeUnkeyed.origin).toBe('http://probe-unkeyed.localhost:17178');
  });

  it('a page served on localhost knows every site on localhost', async () => {
    vi.stubEnv('WARRANT_SITE_HOSTS', '{site}.localhost');
    const sites = await registryOfPageAt('http://localhost:15173/', 'desk');
    expect(sites.pantry.origin).toBe('http://localhost:15174');
  });

  it('a host that is neither its own nor localhost tells it nothing', () => {
    expect(siteHostsServing('pantry', 'pantry.localhost')).toBe('{site}.localhost');
    expect(siteHostsServing('pantry', 'localhost')).toBe('localhost');
    expect(siteHostsServing('pantry', 'desk.localhost')).toBeUndefined();
    expect(siteHostsServing('desk', 'warrant-insecure.test')).toBeUndefined();
    expect(siteHostsServing('desk', '127.0.0.1')).toBeUndefined();
  });
});

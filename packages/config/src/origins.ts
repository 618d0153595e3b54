// The origin registry: every site Warrant serves, its port and its origin. This is the only
// file that spells an origin; everything else asks for one by name.

import { SITE_HOSTS_SETTING, siteHostOf, siteHostsFrom, siteHostsServing, type SiteHosts } from './site-hosts.ts';

export type SiteName =
  | 'desk'
  | 'pantry'
  | 'shelter'
  | 'rides'
  | 'coldchain'
  | 'laundry'
  | 'probeUnkeyed'
  | 'bench'
  | 'board'
  | 'fixture'
  | 'gateway';

export interface Site {
  readonly name: SiteName;
  readonly title: string;
  readonly port: number;
  /** The host its origin names: localhost, or its own under localhost (WARRANT_SITE_HOSTS). */
  readonly host: string;
  /** Where a browser finds it: http://<host>:<port>. */
  readonly origin: string;
  /**
   * Where a process on this computer reaches its server: http://localhost:<port>, where it listens.
   * The same as the origin unless the site has a host of its own, which only browsers resolve.
   */
  readonly address: string;
  /** Path of the app's folder, relative to the repository root; null for a site with no static app. */
  readonly appDir: string | null;
  /** Partner sites may only be framed by the desk. */
  readonly role: 'product' | 'partner' | 'probe' | 'test' | 'server';
}

/**
 * Every server listens on this host, and by default every origin names it: http://localhost is a
 * secure context, so WebMCP is allowed. (So is http://<site>.localhost: see site-hosts.ts.)
 */
export const HOST = 'localhost';
/** The address the insecure test host name is mapped to. */
export const LOOPBACK_ADDRESS = '127.0.0.1';

/** The desk's port when WARRANT_PORT_BASE is not set. */
export const DEFAULT_PORT_BASE = 5173;
/** Ports below this need privileges on most systems. */
const LOWEST_PORT_BASE = 1024;
const HIGHEST_PORT = 65535;

/**
 * The registry with the desk on `base`. Each port is written as it is at the default base; a
 * moved base shifts every site by the same amount, so their distances (and the table) never change.
 */
function sitesAt(base: number, hosts: SiteHosts = 'localhost'): Readonly<Record<SiteName, Site>> {
  const site = (
    name: SiteName,
    title: string,
    defaultPort: number,
    appDir: string | null,
    role: Site['role'],
  ): Site => {
    const port = defaultPort - DEFAULT_PORT_BASE + base;
    const host = siteHostOf(name, hosts);
    return {
      name,
      title,
      port,
      host,
      origin: `http://${host}:${port}`,
      address: `http://${HOST}:${port}`,
      appDir,
      role,
    };
  };
  return {
    desk: site('desk', 'Dispatch desk', 5173, 'apps/desk', 'product'),
    pantry: site('pantry', 'Food pantry', 5174, 'apps/pantry', 'partner'),
    shelter: site('shelter', 'Shelter', 5175, 'apps/shelter', 'partner'),
    rides: site('rides', 'Ride collective', 5176, 'apps/rides', 'partner'),
    coldchain: site('coldchain', 'Cold chain', 5177, 'apps/coldchain', 'partner'),
    probeUnkeyed: site('probeUnkeyed', 'Unkeyed probe', 5178, 'apps/probe-unkeyed', 'probe'),
    bench: site('bench', "Clerk's bench", 5179, 'apps/bench', 'product'),
    board: site('board', 'Launch board', 5180, 'apps/board', 'product'),
    fixture: site('fixture', 'Kernel test fixture', 5181, 'tests/fixture', 'test'),
    laundry: site('laundry', 'Laundry', 5182, 'apps/laundry', 'partner'),
    gateway: site('gateway', 'Model gateway', 8787, null, 'server'),
  };
}

const HIGHEST_OFFSET = Math.max(...Object.values(sitesAt(DEFAULT_PORT_BASE)).map((s) => s.port)) - DEFAULT_PORT_BASE;
/** The highest base that keeps every site's port a real port. */
const HIGHEST_PORT_BASE = HIGHEST_PORT - HIGHEST_OFFSET;

/**
 * Reads a WARRANT_PORT_BASE value: unset or empty keeps the default; anything else must be a whole
 * number that puts every site on a port from 1024 to 65535. Throws a RangeError whose message is
 * one line a person can act on.
 */
export function portBaseFrom(value: string | undefined): number {
  if (value === undefined || value === '') return DEFAULT_PORT_BASE;
  const base = /^\d{1,5}$/.test(value) ? Number(value) : Number.NaN;
  if (base >= LOWEST_PORT_BASE && base <= HIGHEST_PORT_BASE) return base;
  const shown = JSON.stringify(value.length > 20 ? `${value.slice(0, 20)}…` : value);
  throw new RangeError(
    `WARRANT_PORT_BASE must be a whole number from ${LOWEST_PORT_BASE} to ${HIGHEST_PORT_BASE} (the desk's port; the other sites keep their distance from it, up to ${HIGHEST_OFFSET} above), not ${shown}.`,
  );
}

// A page learns the port base and the site hosts from where it is served, not from its build:
// every page names its site in `<meta name="warrant-site">`; the base is its own port less that
// site's distance from the desk, and its own host is that site's host under the hosts it was
// served with. So one build serves on any base and under either hosts (the browser tests run their
// sets of servers from one build), and a page can never disagree with the server that serves it.
function servedPage(): { readonly site: Site; readonly location: Location } | undefined {
  const page = globalThis.document;
  const name = page?.querySelector?.('meta[name="warrant-site"]')?.getAttribute('content');
  if (!name || !page) return undefined;
  const site = (sitesAt(DEFAULT_PORT_BASE) as Partial<Record<string, Site>>)[name];
  return site ? { site, location: page.location } : undefined;
}

function pagePortBase(): string | undefined {
  const served = servedPage();
  const port = Number(served?.location.port);
  if (!served || !Number.isInteger(port) || port === 0) return undefined;
  return String(port - (served.site.port - DEFAULT_PORT_BASE));
}

function configuredPortBase(): string | undefined {
  return pagePortBase() ?? globalThis.process?.env['WARRANT_PORT_BASE'];
}

function configuredSiteHosts(): string | undefined {
  const served = servedPage();
  return (
    (served && siteHostsServing(served.site.name, served.location.hostname)) ??
    globalThis.process?.env[SITE_HOSTS_SETTING]
  );
}

/** The desk's port; every other port keeps its distance from it. Set by WARRANT_PORT_BASE. */
export const PORT_BASE = portBaseFrom(configuredPortBase());

/** Whether every site is on localhost or each on its own host under it. Set by WARRANT_SITE_HOSTS. */
export const SITE_HOSTS: SiteHosts = siteHostsFrom(configuredSiteHosts());

export const SITES: Readonly<Record<SiteName, Site>> = sitesAt(PORT_BASE, SITE_HOSTS);

/**
 * A host name that resolves to this machine but is not a secure context (only localhost is, over
 * plain http). Browser tests map it with --host-resolver-rules to show a page working with no
 * WebMCP at all.
 */
export const INSECURE_TEST_HOST = 'warrant-insecure.test';

export function insecureOriginOf(name: SiteName): string {
  return `http://${INSECURE_TEST_HOST}:${SITES[name].port}`;
}

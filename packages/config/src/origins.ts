// The origin registry: every site Warrant serves, its port and its origin. This is the only
// file that spells an origin; everything else asks for one by name.

export type SiteName =
  | 'desk'
  | 'pantry'
  | 'shelter'
  | 'rides'
  | 'coldchain'
  | 'probeUnkeyed'
  | 'bench'
  | 'board'
  | 'fixture'
  | 'gateway';

export interface Site {
  readonly name: SiteName;
  readonly title: string;
  readonly port: number;
  readonly origin: string;
  /** Path of the app's folder, relative to the repository root; null for a site with no static app. */
  readonly appDir: string | null;
  /** Partner sites may only be framed by the desk. */
  readonly role: 'product' | 'partner' | 'probe' | 'test' | 'server';
}

/** Every site is served on this host: http://localhost is a secure context, so WebMCP is allowed. */
export const HOST = 'localhost';
/** The address the insecure test host name is mapped to. */
export const LOOPBACK_ADDRESS = '127.0.0.1';

function site(name: SiteName, title: string, port: number, appDir: string | null, role: Site['role']): Site {
  return { name, title, port, origin: `http://${HOST}:${port}`, appDir, role };
}

export const SITES: Readonly<Record<SiteName, Site>> = {
  desk: site('desk', 'Dispatch desk', 5173, 'apps/desk', 'product'),
  pantry: site('pantry', 'Food pantry', 5174, 'apps/pantry', 'partner'),
  shelter: site('shelter', 'Shelter', 5175, 'apps/shelter', 'partner'),
  rides: site('rides', 'Ride collective', 5176, 'apps/rides', 'partner'),
  coldchain: site('coldchain', 'Cold chain', 5177, 'apps/coldchain', 'partner'),
  probeUnkeyed: site('probeUnkeyed', 'Unkeyed probe', 5178, 'apps/probe-unkeyed', 'probe'),
  bench: site('bench', "Clerk's bench", 5179, 'apps/bench', 'product'),
  board: site('board', 'Launch board', 5180, 'apps/board', 'product'),
  fixture: site('fixture', 'Kernel test fixture', 5181, 'tests/fixture', 'test'),
  gateway: site('gateway', 'Model gateway', 8787, null, 'server'),
};

/**
 * A host name that resolves to this machine but is not a secure context (only localhost is, over
 * plain http). Browser tests map it with --host-resolver-rules to show a page working with no
 * WebMCP at all.
 */
export const INSECURE_TEST_HOST = 'warrant-insecure.test';

export function insecureOriginOf(name: SiteName): string {
  return `http://${INSECURE_TEST_HOST}:${SITES[name].port}`;
}

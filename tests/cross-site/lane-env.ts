// The cross-site lane's own servers, set before anything reads an origin: playwright.cross-site.config.ts
// imports this first (in the runner and again in each worker, which inherits what the runner set).
//
// Its one set of servers serves each site on a host of its own (WARRANT_SITE_HOSTS={site}.localhost),
// 2,000 ports above the run's base: clear of the other lanes' two sets (on the base and 1,000
// above, tests/e2e/server-sets.ts), with a data directory of its own. server-sets.ts, imported next, takes
// the run's base from WARRANT_E2E_RUN_PORT_BASE, so its first set is this lane's.
// It imports nothing of the project's, on purpose: @warrant/config must not be read before this runs.

/** How far above the run's port base this lane's servers are. */
const ABOVE_RUN_BASE = 2000;
const DEFAULT_RUN_BASE = 15173;

function laneBase(): string {
  const kept = process.env['WARRANT_E2E_CROSS_SITE_BASE'];
  if (kept !== undefined) return kept;
  const given = process.env['WARRANT_PORT_BASE']?.trim();
  // A value that is not a whole number is passed on as it is, for server-sets.ts to refuse in its words.
  const base =
    given === undefined || given === ''
      ? String(DEFAULT_RUN_BASE + ABOVE_RUN_BASE)
      : /^\d{1,5}$/.test(given)
        ? String(Number(given) + ABOVE_RUN_BASE)
        : given;
  process.env['WARRANT_E2E_CROSS_SITE_BASE'] = base;
  return base;
}

process.env['WARRANT_E2E_RUN_PORT_BASE'] = laneBase();
/** Each site on a host of its own under localhost (see @warrant/config, site-hosts.ts). */
export const LANE_SITE_HOSTS = '{site}.localhost';
process.env['WARRANT_SITE_HOSTS'] = LANE_SITE_HOSTS;

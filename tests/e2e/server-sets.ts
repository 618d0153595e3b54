import { fileURLToPath } from 'node:url';

// The browser tests run against servers of their own, one set per worker, so that no two tests
// running at once share a partner's record: set 0 on the run's port base (WARRANT_PORT_BASE, 15173
// when unset, as `npm run test:e2e` sets it), set 1 on that base + 1000, each with its own data
// directory. A worker tests against the set of its TEST_PARALLEL_INDEX (0 or 1; a worker that
// replaces a failed one keeps the index).
//
// Every origin in the tests comes from @warrant/config, which reads WARRANT_PORT_BASE once, when
// it is first imported. So this module must run before it, in every process: playwright.config.ts
// imports it first (the config is loaded again in each worker, after Playwright has put
// TEST_PARALLEL_INDEX in the worker's environment, and the worker's test files share its modules),
// and fixtures.ts imports it first too. It imports nothing of the project's, on purpose.

/** The distance between two sets' port bases: every site of a set stays clear of every other set's. */
export const SET_DISTANCE = 1000;
/** The first set's port base when WARRANT_PORT_BASE is not set. */
export const DEFAULT_TEST_PORT_BASE = 15173;
/**
 * How many sets the run starts: one per worker (playwright.config.ts uses as many workers). Two on
 * the 2-core machine: a third (measured on 2026-12-07, a quiet machine) made the whole `npm test`
 * slower, 1,227 s against 1,006 s with two, its load average near 17: the browsers' renderers keep
 * both cores busy, so a third worker only adds a set of servers to share them with.
 * The cross-site lane's own set is above the last of these (tests/cross-site/lane-env.ts).
 */
export const SET_COUNT = 2;

/**
 * The ports a test serves a model endpoint "of the person's own" on (desk-agent.spec.ts): the desk's
 * CSP names only the endpoints its server was started with (WARRANT_AGENT_ENDPOINTS), so they are
 * fixed per set, this far above its base: clear of every site of every set.
 */
const AGENT_PORTS_ABOVE_BASE = 900;
/** The port of a set's site control (tools/site-control.ts: a test stops and starts one site's server), this far above its base. */
const CONTROL_PORT_ABOVE_BASE = 902;

export interface AgentEndpointPorts {
  /** A gateway the test starts on localhost, given as the person's own endpoint. */
  readonly gateway: number;
  /** The scripted chat-completions server, on the loopback address. */
  readonly scripted: number;
}

export interface ServerSet {
  readonly index: number;
  readonly portBase: number;
  /** Where this set's sites keep their databases (WARRANT_DATA_DIR): one PGlite directory per site. */
  readonly dataDir: string;
  /** The person's own endpoints this set's desk lets its page reach (playwright.config.ts names them). */
  readonly agentPorts: AgentEndpointPorts;
  /** Where this set's serve-all listens, on the loopback address, for a test stopping and starting one site's server. */
  readonly controlPort: number;
}

function runBase(): number {
  // The run's base is kept in a variable of its own, so a worker (which inherits the runner's
  // environment) still knows it after WARRANT_PORT_BASE is moved to its own set's base.
  const kept = process.env['WARRANT_E2E_RUN_PORT_BASE'];
  const given = kept ?? process.env['WARRANT_PORT_BASE'];
  const base =
    given === undefined || given.trim() === ''
      ? DEFAULT_TEST_PORT_BASE
      : /^\d{1,5}$/.test(given.trim())
        ? Number(given)
        : Number.NaN;
  // Its range (every site of every set on a real port) is @warrant/config's to check.
  if (!Number.isInteger(base))
    throw new RangeError(
      `WARRANT_PORT_BASE must be a whole number (the desk's port in the browser tests' first set of servers; the second set is ${SET_DISTANCE} above), not ${JSON.stringify(given)}.`,
    );
  process.env['WARRANT_E2E_RUN_PORT_BASE'] = String(base);
  return base;
}

const RUN_BASE = runBase();

export const SERVER_SETS: readonly ServerSet[] = Array.from({ length: SET_COUNT }, (_, index) => {
  const portBase = RUN_BASE + index * SET_DISTANCE;
  const agentPorts = { gateway: portBase + AGENT_PORTS_ABOVE_BASE, scripted: portBase + AGENT_PORTS_ABOVE_BASE + 1 };
  return {
    index,
    portBase,
    dataDir: fileURLToPath(new URL(`../../data/e2e-${portBase}`, import.meta.url)),
    agentPorts,
    controlPort: portBase + CONTROL_PORT_ABOVE_BASE,
  };
});

function ownSet(): ServerSet {
  const given = process.env['TEST_PARALLEL_INDEX'];
  // Not a worker (the runner, listing the tests): the first set.
  if (given === undefined) return SERVER_SETS[0] as ServerSet;
  const set = SERVER_SETS[Number(given)];
  if (!set)
    throw new Error(
      `The browser tests start ${SET_COUNT} sets of servers, one per worker; this is worker ${given}. Run with --workers=${SET_COUNT} or fewer.`,
    );
  return set;
}

/** The set this process tests against; its base is now WARRANT_PORT_BASE, before any origin is read. */
export const WORKER_SET: ServerSet = ownSet();
process.env['WARRANT_PORT_BASE'] = String(WORKER_SET.portBase);

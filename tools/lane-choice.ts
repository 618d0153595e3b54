import { readdirSync } from 'node:fs';
import { join } from 'node:path';

// Which browser lanes `npm run test:e2e` runs for the arguments given (tools/browser-lanes.ts).
// The arguments choose lanes as they would choose projects in one run: `--project=native` runs
// that lane alone, `--project=cross-site` the cross-site lane alone; test files named run in the
// lanes whose folders hold them (tests/e2e, tests/cross-site); nothing named, every lane.

interface Lane {
  readonly config: string;
  readonly testDir: string;
  readonly projects: readonly string[];
}

const LANES: readonly Lane[] = [
  { config: 'playwright.config.ts', testDir: 'tests/e2e', projects: ['native', 'polyfill'] },
  { config: 'playwright.cross-site.config.ts', testDir: 'tests/cross-site', projects: ['cross-site'] },
];

/** Playwright's options that take a value, which may follow as the next argument. */
const TAKES_VALUE = new Set([
  '--grep',
  '-g',
  '--grep-invert',
  '--workers',
  '-j',
  '--reporter',
  '--timeout',
  '--retries',
  '--repeat-each',
  '--max-failures',
  '--output',
  '--shard',
  '--trace',
  '--project',
  '--config',
  '-c',
  '--tsconfig',
]);

export interface Choice {
  /** The configuration to run; null when the arguments name one. */
  readonly config: string | null;
  readonly args: readonly string[];
}

/** A file filter as Playwright reads one: a regular expression, case aside, on the file's path (less a :line). */
function matches(filter: string, file: string): boolean {
  const source = filter.replace(/:\d+(:\d+)?$/, '');
  try {
    return new RegExp(source, 'i').test(file);
  } catch {
    return file.includes(source);
  }
}

function specsOf(root: string, testDir: string): string[] {
  return readdirSync(join(root, testDir), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.spec\.ts$/.test(file))
    .map((file) => join(root, testDir, file));
}

/** Which lanes the arguments choose, each with the arguments it is given. */
export function chooseLanes(args: readonly string[], root: string): Choice[] {
  const projects: string[] = [];
  const filters: string[] = [];
  const rest: string[] = [];
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index] as string;
    const [name, value] =
      arg.startsWith('--') && arg.includes('=')
        ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
        : [arg, undefined];
    // A configuration named outright is one run, as the arguments say.
    if (name === '--config' || name === '-c') return [{ config: null, args }];
    if (name === '--project') {
      projects.push(...(value ?? args[(index += 1)] ?? '').split(','));
    } else if (!arg.startsWith('-')) {
      filters.push(arg);
    } else {
      rest.push(arg);
      if (value === undefined && TAKES_VALUE.has(arg) && index + 1 < args.length)
        rest.push(args[(index += 1)] as string);
    }
  }
  const chosen = LANES.flatMap((lane) => {
    const named = projects.filter((project) => lane.projects.includes(project));
    if (projects.length > 0 && named.length === 0) return [];
    if (
      filters.length > 0 &&
      !specsOf(root, lane.testDir).some((file) => filters.some((filter) => matches(filter, file)))
    )
      return [];
    return [{ config: lane.config, args: [...named.map((project) => `--project=${project}`), ...filters, ...rest] }];
  });
  // Nothing chosen (a project or file no lane has): the first lane, for Playwright to say so.
  return chosen.length > 0 ? chosen : [{ config: (LANES[0] as Lane).config, args }];
}

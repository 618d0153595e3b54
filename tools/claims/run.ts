import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../app-sites.ts';
import { checkClaims, type ProbeReports } from './check-claims.ts';
import type { Register } from './register.ts';
import { scanText, type Overclaim } from './scan-overclaims.ts';
import { readRuns } from './test-reports.ts';

// `npm test`'s last step: every enforced claim in claims/register.json has evidence that ran and
// passed in this run, and nothing a person reads uses phrasing the register bans.

export const REPORTS = {
  vitest: join(ROOT, 'reports', 'vitest.json'),
  playwright: join(ROOT, 'reports', 'playwright.json'),
  testDir: 'tests/e2e',
};

function probeReports(): ProbeReports {
  const dir = join(ROOT, 'evidence', 'probe');
  const reports: Record<string, Record<string, string>> = {};
  if (!existsSync(dir)) return reports;
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.json') && !name.includes('schema'))) {
    const report = JSON.parse(readFileSync(join(dir, file), 'utf8')) as {
      checks?: ReadonlyArray<{ id: string; outcome: string }>;
    };
    reports[file.replace(/\.json$/, '')] = Object.fromEntries(
      (report.checks ?? []).map((check) => [check.id, check.outcome]),
    );
  }
  return reports;
}

const SCANNED_EXTENSIONS = /\.(md|tsx?|html|css)$/;

/** Everything a person reads: the documents, and the apps' interface strings and markup. */
function readableFiles(): string[] {
  const files = ['README.md'];
  const walk = (dir: string): void => {
    if (!existsSync(join(ROOT, dir))) return;
    for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== 'dist') walk(path);
      } else if (SCANNED_EXTENSIONS.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) files.push(path);
    }
  };
  walk('docs');
  walk('apps');
  for (const dir of ['packages', 'gateway']) {
    for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
      const readme = dir === 'gateway' ? 'gateway/README.md' : `${dir}/${entry.name}/README.md`;
      if (existsSync(join(ROOT, readme)) && !files.includes(readme)) files.push(readme);
    }
  }
  return files;
}

export function runClaims(): { problems: string[]; claims: number; enforced: number; scanned: number } {
  const register = JSON.parse(readFileSync(join(ROOT, 'claims', 'register.json'), 'utf8')) as Register;
  const { runs, missing } = readRuns(ROOT, REPORTS);
  const problems = missing.map((path) => `no test report at ${path}: run npm test, which writes it`);
  for (const problem of checkClaims(register, runs, probeReports()))
    problems.push(`${problem.claim}: ${problem.problem}`);
  const files = readableFiles();
  const overclaims: Overclaim[] = files.flatMap((file) =>
    scanText(file, readFileSync(join(ROOT, file), 'utf8'), register.banned),
  );
  for (const found of overclaims) problems.push(`${found.file}:${found.line}: "${found.phrase}" — ${found.why}`);
  return {
    problems,
    claims: register.claims.length,
    enforced: register.claims.filter((claim) => claim.label === 'enforced').length,
    scanned: files.length,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { problems, claims, enforced, scanned } = runClaims();
  if (problems.length > 0) {
    console.error(`The claims register does not hold (${problems.length}):`);
    for (const problem of problems) console.error(`  ${problem}`);
    process.exitCode = 1;
  } else {
    console.log(
      `${claims} claims: ${enforced} enforced, each with evidence that ran and passed in this run; ${claims - enforced} declared. ${scanned} files carry no banned phrasing.`,
    );
  }
}

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../tools/app-sites.ts';
import type { BenchResult } from './measure.ts';
import { agentBenchmarks } from './agent.bench.ts';
import { benchAppBenchmarks } from './bench-app.bench.ts';
import { boardBenchmarks } from './board.bench.ts';
import { brokerBenchmarks } from './broker.bench.ts';
import { deskBenchmarks } from './desk.bench.ts';
import { gatewayBenchmarks } from './gateway.bench.ts';
import { ledgerBenchmarks } from './ledger.bench.ts';
import { partnerBenchmarks } from './partners.bench.ts';
import { reconcileChromiumBenchmarks } from './reconcile-chromium.bench.ts';
import { surfaceBenchmarks } from './surface.bench.ts';

// `npm run bench`: measures, writes bench/results.json, prints a table. Benchmarks are not tests:
// nothing here fails a build; the README quotes what this file records.

const results: BenchResult[] = [
  ...(await surfaceBenchmarks()),
  ...(await reconcileChromiumBenchmarks()),
  ...(await benchAppBenchmarks()),
  ...(await boardBenchmarks()),
  ...(await gatewayBenchmarks()),
  ...(await ledgerBenchmarks()),
  ...partnerBenchmarks(),
  ...(await deskBenchmarks()),
  ...(await brokerBenchmarks()),
  ...(await agentBenchmarks()),
];

writeFileSync(join(ROOT, 'bench', 'results.json'), `${JSON.stringify({ measuredAt: new Date().toISOString(), node: process.version, results }, null, 2)}\n`);
console.table(results.map(({ id, value, unit, goal }) => ({ id, value, unit, goal })));

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { verifyCanonical } from '@warrant/authority';
import { SITES } from '@warrant/config';
import { readWriteSuccess, type PlanSubstance } from '@warrant/broker';
import { compensationsOf, weekdayOf } from '@warrant/partner-kit';
import { openPartnerServer, type PartnerServer } from '@warrant/partner-kit/server';
import { listen, openPgliteDatabase, openPostgresDatabase, siteApp, type Database } from '@warrant/site-server';
import { OPEN_WEEKDAYS } from '../apps/pantry/src/domain/catalogue.ts';
import { pantry } from '../apps/pantry/src/domain/pantry.ts';
import { SHELVES } from '../apps/pantry/src/domain/seed-data.ts';
import { checkAuthorization } from '../packages/partner-kit/src/server/authorization-check.ts';
import { deskFromItsOrigin } from '../packages/partner-kit/src/server/desk-trust.ts';
import { startTestCluster, type TestCluster } from '../tools/postgres/test-cluster.ts';
import type * as ApprovalPage from './chromium/approval-page.ts';
import { bundlePageScript, launchLane, serveBuiltSites } from './chromium-sites.ts';
import { interleave, sample, timing, type BenchResult } from './measure.ts';
import { addPasskeyAuthenticator, enrolDispatcher } from './passkey.ts';

// A partner's write on its server, with a real step authorization, and what checking that
// authorization costs.
//
// The authorizations are obtained the real way, once: the real desk server on its origin (its
// database in a fresh temporary directory), a Chromium page on it with the DevTools virtual
// authenticator, a dispatcher enrolled through the desk's own form, and PLANS approvals of
// STEPS_PER_PLAN pantry steps each (the desk's largest plan), each approved with one passkey
// ceremony through the desk's approval routes; the desk signs one authorization per step. Each step
// is its own idempotency key (A-n:step-i) and its own single use, so every timed write is a fresh
// write, never an answer replayed under a key.
//
// Those tokens are then spent at two pantry servers started in this process exactly as the site
// starts them (openPartnerServer over siteApp, on a loopback port the system picks): one over
// PGlite in a fresh directory, one over a throwaway PostgreSQL cluster (tools/postgres/
// test-cluster.ts). A partner is bound to its origin, not its port, so the same authorizations are
// valid at both, and each records their single use in its own database. Writes alternate between
// the two servers, which goes first alternating too.

const PLANS = 3;
const STEPS_PER_PLAN = 20;
const WRITE_WARM_UP = 5;
const CHECK_WARM_UP = 60;
const CHECK_RUNS = 300;
const FETCH_WARM_UP = 20;
const FETCH_RUNS = 200;
const TOOL = 'reserve_parcels';

interface Step {
  readonly args: Record<string, unknown>;
  readonly token: string;
}

/** One parcel per step, taken shelf by shelf, so every step is legal against a fresh pantry. */
function plans(day: string): PlanSubstance[] {
  const parcels = SHELVES.flatMap((shelf) =>
    Array.from({ length: shelf.count }, () => ({ kind: shelf.kind, dietary: shelf.dietary })),
  );
  const needed = PLANS * STEPS_PER_PLAN;
  if (parcels.length < needed)
    throw new Error(`the pantry's shelves hold ${parcels.length} parcels, fewer than the ${needed} steps`);
  return Array.from({ length: PLANS }, (_, plan) => ({
    v: 1,
    request: `R-${9001 + plan}`,
    steps: parcels.slice(plan * STEPS_PER_PLAN, (plan + 1) * STEPS_PER_PLAN).map((parcel) => ({
      origin: SITES.pantry.origin,
      tool: TOOL,
      args: { kind: parcel.kind, count: 1, dietary: parcel.dietary, pickup_by: day },
    })),
  }));
}

/** The step authorizations for `substances`, from one passkey ceremony per plan on the real desk. */
async function authorize(substances: readonly PlanSubstance[]): Promise<Step[]> {
  const code = await bundlePageScript('approval-page.ts', 'warrantApprovalBench');
  const browser = await launchLane('native');
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    await addPasskeyAuthenticator(page);
    await page.goto(`${SITES.desk.origin}/`);
    await page.waitForSelector('body[data-ready="true"]');
    await enrolDispatcher(page, 'Bench dispatcher');
    await page.evaluate(code);
    const steps: Step[] = [];
    for (const [index, substance] of substances.entries()) {
      const approval = `A-${9001 + index}`;
      const tokens = await page.evaluate(
        ([id, plan, expires]) =>
          (window as unknown as { warrantApprovalBench: typeof ApprovalPage }).warrantApprovalBench.approvePlan(
            id,
            plan,
            expires,
          ),
        [approval, substance, new Date(Date.now() + 14 * 60_000).toISOString()] as const,
      );
      if (tokens.length !== substance.steps.length)
        throw new Error(`the desk issued ${tokens.length} authorizations for ${substance.steps.length} steps`);
      substance.steps.forEach((step, i) =>
        steps.push({
          args: { ...step.args, request: substance.request, idempotency_key: `${approval}:step-${i}` },
          token: tokens[i] as string,
        }),
      );
    }
    return steps;
  } finally {
    await browser.close();
  }
}

interface Partner {
  readonly server: PartnerServer<unknown>;
  readonly db: Database;
  readonly url: string;
  close(): Promise<void>;
}

async function startPartner(db: Database): Promise<Partner> {
  const server = (await openPartnerServer(pantry, { db })) as PartnerServer<unknown>;
  const bound = await listen(siteApp({ site: SITES.pantry, distDir: null, routes: (app) => server.routes(app) }), {
    port: 0,
    host: '127.0.0.1',
  });
  const address = bound.server.address();
  if (address === null || typeof address === 'string') throw new Error('the pantry server has no port');
  return {
    server,
    db,
    url: `http://127.0.0.1:${address.port}`,
    close: async () => {
      await bound.close();
      await server.close();
      await db.close();
    },
  };
}

/** The last receipt each server signed, checked against its published key once the timing is done. */
const lastReceipt = new Map<Partner, Record<string, unknown>>();

async function write(partner: Partner, step: Step): Promise<void> {
  const response = await fetch(`${partner.url}/api/writes/${TOOL}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ input: { ...step.args, authorization: step.token }, caller: 'runner', channel: 'webmcp' }),
  });
  const answer: unknown = await response.json();
  const read = readWriteSuccess(answer);
  if (!read.ok) throw new Error(`the write was not made (${read.problem}): ${JSON.stringify(answer).slice(0, 300)}`);
  const receipt = (answer as { receipt: Record<string, unknown> }).receipt;
  if (typeof receipt['signature'] !== 'string' || read.write.replayed)
    throw new Error(`the write was not a fresh signed one: ${JSON.stringify(answer).slice(0, 300)}`);
  lastReceipt.set(partner, receipt);
}

export async function partnerWriteBenchmarks(): Promise<BenchResult[]> {
  const stopDesk = await serveBuiltSites([SITES.desk]);
  const dataDir = await mkdtemp(join(tmpdir(), 'warrant-bench-partner-'));
  let cluster: TestCluster | null = null;
  const partners: Partner[] = [];
  try {
    cluster = await startTestCluster();
    const embedded = await startPartner(await openPgliteDatabase({ dataDir: join(dataDir, 'pantry') }));
    partners.push(embedded);
    const shared = await startPartner(await openPostgresDatabase({ url: cluster.url, schema: 'pantry' }));
    partners.push(shared);
    const { week, today } = embedded.server.site.state.peek();
    const day = week.days.find((candidate) => candidate >= today && OPEN_WEEKDAYS.includes(weekdayOf(candidate)));
    if (day === undefined) throw new Error('the pantry is open on no day of its week');
    const steps = await authorize(plans(day));

    // The check alone, first (nothing is recorded yet, so every token is unused): the desk's
    // record supplied in-process, the single-use lookup a real query in the PGlite pantry's database.
    const fetchDesk = deskFromItsOrigin(process.env);
    const desk = await fetchDesk();
    if (!desk.ok) throw new Error(`the desk's record could not be fetched: ${desk.reason}`);
    // The book single use is kept in, as the server reads it: the number before the log position's colon.
    const record = (await (await fetch(`${embedded.url}/api/record`)).json()) as { position: string };
    const book = Number(record.position.split(':')[0]) || 0;
    let next = 0;
    const check = async (): Promise<void> => {
      const step = steps[next % steps.length] as Step;
      next += 1;
      const checked = await checkAuthorization({
        tool: TOOL,
        args: { ...step.args, authorization: step.token } as never,
        origin: SITES.pantry.origin,
        compensations: compensationsOf(pantry),
        now: new Date(),
        desk: async () => desk,
        tx: embedded.db,
        book,
        stepWrite: () => undefined,
      });
      if (!checked.ok) throw new Error(`a valid authorization was refused: ${checked.refusal.message}`);
    };
    const checks = await sample(check, { warmUp: CHECK_WARM_UP, runs: CHECK_RUNS });
    const fetches = await sample(
      async () => {
        const fetched = await fetchDesk();
        if (!fetched.ok) throw new Error(fetched.reason);
      },
      { warmUp: FETCH_WARM_UP, runs: FETCH_RUNS },
    );

    const writes = await interleave(
      (run) => write(embedded, steps[run + WRITE_WARM_UP] as Step),
      (run) => write(shared, steps[run + WRITE_WARM_UP] as Step),
      { warmUp: WRITE_WARM_UP, runs: steps.length - WRITE_WARM_UP },
    );
    for (const partner of partners) {
      const { signature, ...unsigned } = lastReceipt.get(partner) ?? {};
      if (!verifyCanonical(partner.server.publicKey, unsigned, String(signature)))
        throw new Error("a receipt's signature does not verify under the pantry's key");
    }
    const what = `One partner write through the pantry server's HTTP API (POST /api/writes/${TOOL} on loopback, Node's fetch with keep-alive): the server's schema check, the desk's record asked of the real desk server on its origin (as every authorized write does: a conditional GET, answered 304 while the dispatcher list is unchanged), the full authorization check (desk signature, the dispatcher's passkey assertion, step, arguments, expiry, single use), then one database transaction (idempotency check, legality against the stored state, apply, the receipt signed with the pantry's Ed25519 key, the log append and the single-use row), and the answer read back. The desk's signed ledger head is fetched, verified and kept after the answer, so it runs beside the next write`;
    const source = `Real step authorizations: ${PLANS} approvals of ${STEPS_PER_PLAN} steps, each one passkey ceremony (Chromium's virtual authenticator) through the desk server's approval routes; one fresh step (its own idempotency key and single use) per write. ${writes.a.length} writes after ${WRITE_WARM_UP}, alternating with the other engine's, which goes first alternating`;
    return [
      timing(
        {
          id: 'partner.write_p50_ms_pglite',
          unit: 'ms',
          goal: '< 15',
          note: `${what}. Engine: PGlite (embedded, in the server's process, a fresh data directory). ${source}.`,
        },
        writes.a,
      ),
      timing(
        {
          id: 'partner.write_p50_ms_postgres',
          unit: 'ms',
          goal: 'report',
          note: `${what}. Engine: PostgreSQL (a throwaway local cluster over TCP on loopback, fsync off, from tools/postgres/test-cluster.ts; node-postgres). ${source}.`,
        },
        writes.b,
      ),
      timing(
        {
          id: 'partner.authorization_check_ms',
          unit: 'ms',
          goal: '< 2',
          note: `checkAuthorization (packages/partner-kit/src/server/authorization-check.ts) on a valid authorization, in process: decode, step/tool/arguments/expiry, the desk's Ed25519 signature over the grant (and over its dispatcher list, checked once per list the desk hands over, as the server checks it: the same record object here, so only the first check pays for it), the passkey assertion (@simplewebauthn/server verifyAuthenticationResponse: ECDSA P-256, challenge, origin, rpId, UV flag), and the single-use lookup (a real query in the PGlite pantry's database). The desk's record is supplied in-process, fetched once beforehand: its fetch is excluded (partner.desk_record_fetch_ms). ${CHECK_RUNS} checks after ${CHECK_WARM_UP}, cycling over the ${steps.length} real authorizations, none used yet.`,
        },
        checks,
      ),
      timing(
        {
          id: 'partner.desk_record_fetch_ms',
          unit: 'ms',
          goal: 'report',
          note: `What a partner does before each authorized write to learn the desk's key and dispatchers (deskFromItsOrigin): GET /.well-known/warrant-desk.json from the real desk server on localhost with the tag of the record held (its dispatcher list read from its PGlite database; unchanged here, so after the first fetch the desk answers 304 and signs nothing, and the held record is used). ${FETCH_RUNS} fetches after ${FETCH_WARM_UP}, Node's fetch (keep-alive).`,
        },
        fetches,
      ),
    ];
  } finally {
    for (const partner of partners) await partner.close().catch(() => undefined);
    await cluster?.stop();
    await rm(dataDir, { recursive: true, force: true });
    await stopDesk();
  }
}

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
import { testDesk, type TestDesk } from '../packages/partner-kit/src/server/testing/test-desk.ts';
import { serveBuiltSites } from './chromium-sites.ts';
import { interleave, percentileFigure, sample, timing, underLoad, type BenchResult } from './measure.ts';

// A partner's write on its server, with a real step authorization, and what checking that
// authorization costs.
//
// The desk's server signs a step's authorization only as it sends that step, to the partner it is
// for, and hands none out; so the bench is the desk here, made of the real parts
// (packages/partner-kit/src/server/testing/test-desk.ts): a desk Ed25519 key, its dispatcher list
// signed with it, a dispatcher's passkey (a software authenticator, ECDSA P-256) asserting each
// approval's challenge, and one authorization per step issued by @warrant/authority exactly as the
// desk's server issues it. The partners trust that desk by its key. PLANS approvals of
// STEPS_PER_PLAN pantry steps each (the desk's largest plan); each step is its own idempotency key
// and its own single use, so every timed write is a fresh write, never an answer replayed.
//
// The writes go to two pantry servers started in this process exactly as the site starts them
// (openPartnerServer over siteApp, on a loopback port the system picks): one over PGlite in a
// fresh directory, one over a throwaway PostgreSQL cluster (tools/postgres/test-cluster.ts). Writes
// alternate between the two servers, which goes first alternating too. The real desk server is
// served for the one figure that asks it over HTTP (partner.desk_record_fetch_ms).

const PLANS = 3;
const STEPS_PER_PLAN = 20;
const WRITE_WARM_UP = 5;
const CHECK_WARM_UP = 60;
const CHECK_RUNS = 300;
const FETCH_WARM_UP = 20;
const FETCH_RUNS = 200;
const TOOL = 'reserve_parcels';
// The curve: writes per second and each write's time with WRITERS writing at once. A round is one
// fresh book of the pantry (the operator's reset: the seeded shelves again, nothing used), then
// CURVE_WARM_UP writes one after another, then CURVE_WRITES with the writers in flight; warm-up
// and timed writes together take every parcel on the seeded shelves (84), so each round has
// CURVE_WRITES = 80. The engines take turns within a round (which goes first alternating).
const WRITERS = [1, 10, 50];
const CURVE_WARM_UP = 4;
const CURVE_WRITES = 80;
const CURVE_ROUNDS = 3;

interface Step {
  readonly args: Record<string, unknown>;
  readonly token: string;
}

/** One parcel per step, taken shelf by shelf, so every step is legal against a fresh pantry. */
function plans(day: string, steps: number = PLANS * STEPS_PER_PLAN): PlanSubstance[] {
  const parcels = SHELVES.flatMap((shelf) =>
    Array.from({ length: shelf.count }, () => ({ kind: shelf.kind, dietary: shelf.dietary })),
  );
  if (parcels.length < steps)
    throw new Error(`the pantry's shelves hold ${parcels.length} parcels, fewer than the ${steps} steps`);
  return Array.from({ length: Math.ceil(steps / STEPS_PER_PLAN) }, (_, plan) => ({
    v: 1,
    request: `R-${9001 + plan}`,
    steps: parcels.slice(plan * STEPS_PER_PLAN, Math.min(steps, (plan + 1) * STEPS_PER_PLAN)).map((parcel) => ({
      origin: SITES.pantry.origin,
      tool: TOOL,
      args: { kind: parcel.kind, count: 1, dietary: parcel.dietary, pickup_by: day },
    })),
  }));
}

/**
 * One fresh step authorization for each step of `substances`, signed now as the desk's server signs
 * each when it sends the step (good for a couple of minutes), over a real passkey assertion.
 */
function authorize(desk: TestDesk, substances: readonly PlanSubstance[], from: number): Step[] {
  return substances.flatMap((substance, index) =>
    desk.approve(`A-${from + index}`, substance).steps.map((step) => ({ args: step.args, token: step.step })),
  );
}

interface Partner {
  readonly server: PartnerServer<unknown>;
  readonly db: Database;
  readonly url: string;
  close(): Promise<void>;
}

async function startPartner(db: Database, desk: TestDesk): Promise<Partner> {
  const server = (await openPartnerServer(pantry, { db, desk: desk.trust })) as PartnerServer<unknown>;
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
  const desk = testDesk(compensationsOf(pantry));
  const dataDir = await mkdtemp(join(tmpdir(), 'warrant-bench-partner-'));
  let cluster: TestCluster | null = null;
  const partners: Partner[] = [];
  try {
    cluster = await startTestCluster();
    const embedded = await startPartner(await openPgliteDatabase({ dataDir: join(dataDir, 'pantry') }), desk);
    partners.push(embedded);
    const shared = await startPartner(await openPostgresDatabase({ url: cluster.url, schema: 'pantry' }), desk);
    partners.push(shared);
    const { week, today } = embedded.server.site.state.peek();
    const day = week.days.find((candidate) => candidate >= today && OPEN_WEEKDAYS.includes(weekdayOf(candidate)));
    if (day === undefined) throw new Error('the pantry is open on no day of its week');
    const unused = authorize(desk, plans(day), 9001);

    // The check alone, first (nothing is recorded yet, so every token is unused): the desk's
    // record supplied in-process, the single-use lookup a real query in the PGlite pantry's database.
    const trusted = await desk.trust();
    if (!trusted.ok) throw new Error(`the desk's record could not be read: ${trusted.reason}`);
    // The book single use is kept in, as the server reads it: the number before the log position's colon.
    const record = (await (await fetch(`${embedded.url}/api/record`)).json()) as { position: string };
    const book = Number(record.position.split(':')[0]) || 0;
    let next = 0;
    const check = async (): Promise<void> => {
      const step = unused[next % unused.length] as Step;
      next += 1;
      const checked = await checkAuthorization({
        tool: TOOL,
        args: { ...step.args, authorization: step.token } as never,
        origin: SITES.pantry.origin,
        compensations: compensationsOf(pantry),
        now: new Date(),
        desk: async () => trusted,
        tx: embedded.db,
        book,
        stepWrite: () => undefined,
      });
      if (!checked.ok) throw new Error(`a valid authorization was refused: ${checked.refusal.message}`);
    };
    const checks = await sample(check, { warmUp: CHECK_WARM_UP, runs: CHECK_RUNS });
    const fetchDesk = deskFromItsOrigin(process.env);
    const fetches = await sample(
      async () => {
        const fetched = await fetchDesk();
        if (!fetched.ok) throw new Error(fetched.reason);
      },
      { warmUp: FETCH_WARM_UP, runs: FETCH_RUNS },
    );

    // Signed afresh for the writes (single use: the checks above recorded none), as the desk signs
    // each step when it sends it.
    const steps = authorize(desk, plans(day), 9101);
    const writes = await interleave(
      (run) => write(embedded, steps[run + WRITE_WARM_UP] as Step),
      (run) => write(shared, steps[run + WRITE_WARM_UP] as Step),
      { warmUp: WRITE_WARM_UP, runs: steps.length - WRITE_WARM_UP },
    );
    // The curve: at each count of writers, CURVE_ROUNDS rounds per engine, each on a fresh book.
    const engines = [
      { name: 'pglite', partner: embedded, said: "PGlite (embedded, in the server's process, a fresh data directory)" },
      {
        name: 'postgres',
        partner: shared,
        said: 'PostgreSQL (a throwaway local cluster over TCP on loopback, fsync off, from tools/postgres/test-cluster.ts; node-postgres, its pool of 10)',
      },
    ] as const;
    const points = new Map<string, { perSecond: number[]; writeMs: number[]; mostInFlight: number }>();
    const pointOf = (engine: string, writers: number) => {
      const key = `${engine} ${writers}`;
      const point = points.get(key) ?? { perSecond: [], writeMs: [], mostInFlight: 0 };
      points.set(key, point);
      return point;
    };
    let approvals = 20_001;
    for (let round = 0; round < CURVE_ROUNDS; round += 1)
      for (const [level, writers] of WRITERS.entries())
        for (const engine of (round + level) % 2 === 0 ? engines : [...engines].reverse()) {
          await engine.partner.server.operatorReset();
          const fresh = authorize(desk, plans(day, CURVE_WARM_UP + CURVE_WRITES), approvals);
          approvals += 10;
          for (const step of fresh.slice(0, CURVE_WARM_UP)) await write(engine.partner, step);
          const timed = fresh.slice(CURVE_WARM_UP);
          const load = await underLoad((index) => write(engine.partner, timed[index] as Step), {
            workers: writers,
            jobs: timed.length,
          });
          const point = pointOf(engine.name, writers);
          point.perSecond.push((timed.length * 1000) / load.wallMs);
          point.writeMs.push(...load.jobMs);
          point.mostInFlight = Math.max(point.mostInFlight, load.mostInFlight);
        }
    for (const partner of partners) {
      const { signature, ...unsigned } = lastReceipt.get(partner) ?? {};
      if (!verifyCanonical(partner.server.publicKey, unsigned, String(signature)))
        throw new Error("a receipt's signature does not verify under the pantry's key");
    }
    const what = `One partner write through the pantry server's HTTP API (POST /api/writes/${TOOL} on loopback, Node's fetch with keep-alive): the server's schema check, the desk's record from the desk the partner trusts (in process here; over HTTP it is a conditional GET answered 304 while the dispatcher list is unchanged, partner.desk_record_fetch_ms), the full authorization check (desk signature, the dispatcher's passkey assertion, step, arguments, expiry, single use), then one database transaction (idempotency check, legality against the stored state, apply, the receipt signed with the pantry's Ed25519 key, the log append and the single-use row), and the answer read back. After the answer the partner asks the desk at its origin for its signed ledger head, beside the next write (here the served desk's head, under another key than the bench's desk: kept as a failed finding)`;
    const source = `Step authorizations issued as the desk's server issues them: ${PLANS} approvals of ${STEPS_PER_PLAN} steps, each a passkey assertion (software authenticator) over the approval's challenge; one fresh step (its own idempotency key and single use) per write. ${writes.a.length} writes after ${WRITE_WARM_UP}, alternating with the other engine's, which goes first alternating`;
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
      ...engines.flatMap((engine) =>
        WRITERS.flatMap((writers) => {
          const point = pointOf(engine.name, writers);
          const where = `${what}. Engine: ${engine.said}. ${writers} writer${writers === 1 ? '' : 's'} at once (each sends its next write the moment its last is answered; bench/measure.ts underLoad), ${CURVE_WRITES} writes a round after ${CURVE_WARM_UP} one by one, each round on a fresh book of the pantry (the operator's reset: the seeded shelves, 84 parcels, every one taken by the round); ${CURVE_ROUNDS} rounds, the engines taking turns. Each write a fresh step authorization signed for it, as above`;
          const facts = { writers, writesTimed: point.writeMs.length, mostInFlight: point.mostInFlight };
          return [
            {
              ...timing(
                {
                  id: `partner.writers_${writers}_writes_per_s_${engine.name}`,
                  unit: 'writes/s',
                  goal: 'report',
                  digits: 1,
                  note: `${where}. Writes answered per second in a round (${CURVE_WRITES} over the round's wall time, from the first write sent to the last answered); spread over the rounds.`,
                },
                point.perSecond,
              ),
              facts,
            },
            percentileFigure(
              {
                id: `partner.writers_${writers}_write_p50_ms_${engine.name}`,
                unit: 'ms',
                goal: 'report',
                digits: 1,
                note: `${where}. The median of every timed write's time, from its request to its answer, waiting behind the other writers' included (${point.writeMs.length} writes).`,
              },
              point.writeMs,
              0.5,
              facts,
            ),
            percentileFigure(
              {
                id: `partner.writers_${writers}_write_p95_ms_${engine.name}`,
                unit: 'ms',
                goal: 'report',
                digits: 1,
                note: `${where}. The 95th percentile of every timed write's time (${point.writeMs.length} writes).`,
              },
              point.writeMs,
              0.95,
              facts,
            ),
          ];
        }),
      ),
    ];
  } finally {
    for (const partner of partners) await partner.close().catch(() => undefined);
    await cluster?.stop();
    await rm(dataDir, { recursive: true, force: true });
    await stopDesk();
  }
}

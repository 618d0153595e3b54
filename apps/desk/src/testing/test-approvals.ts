// Raising an approval in the desk server's Node tests as a dispatcher's page does: the plan is
// first in the desk's own record (a plan_drafted event, appended in the dispatcher's session), and
// the approval is then asked for by the plan's id alone. The desk's server builds everything the
// passkey signs from the plan it stores (server/approval-raising.ts); a test never hands it one.
import type { Hono } from 'hono';
import type { PartnerName, PlanSubstance } from '@warrant/broker';
import { SITES } from '@warrant/config';
import type { LogHead } from '@warrant/ledger';
import type { DeskEvent } from '../domain/desk-events.ts';
import type { DraftedPlan } from '../domain/plan.ts';
import type { DeskRequest } from '../domain/request.ts';
import { PARTNER_DIRECTORY } from '../partners.ts';

const ORIGIN = SITES.desk.origin;

/** Who a call is made as: a dispatcher's session cookie. */
export interface AsDispatcher {
  readonly cookie: string;
}

export interface TestAnswer {
  readonly ok: boolean;
  readonly status: number;
  readonly code?: string;
  readonly message?: string;
  readonly [key: string]: unknown;
}

/** A call to the desk's server served by `app`, from the desk's origin, in `by`'s session (or none): its answer and status. */
export async function askDesk(app: Hono, path: string, by: AsDispatcher | null, body?: unknown): Promise<TestAnswer> {
  const response = await app.request(path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      origin: ORIGIN,
      ...(by ? { cookie: by.cookie } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { ...((await response.json()) as { ok: boolean }), status: response.status };
}

/**
 * Appends `records` to one of the desk's records in `by`'s session, on the head as it stands; as a
 * page does, it looks again and sends once more when the server wrote first (a run's rows, say).
 */
export async function appendAs(
  app: Hono,
  by: AsDispatcher,
  log: 'ledger' | 'state',
  records: readonly unknown[],
): Promise<TestAnswer> {
  for (let attempt = 0; ; attempt += 1) {
    const basis = (await askDesk(app, `/api/logs/${log}`, by))['head'] as LogHead;
    const answer = await askDesk(app, `/api/logs/${log}/append`, by, { writer: 'feedbeef0001', basis, records });
    if (answer.ok || answer.code !== 'STALE_TAB' || attempt >= 4) return answer;
  }
}

/** The partner at `origin`, by its name in the desk's directory. */
function partnerAt(origin: string): PartnerName {
  const name = PARTNER_DIRECTORY.names.find((partner) => PARTNER_DIRECTORY.originOf(partner) === origin);
  if (!name) throw new Error(`No partner of this desk is at ${origin}.`);
  return name;
}

/** The plan_drafted event of plan `id` with `substance`'s request and steps, as a page records it. */
export function draftedPlanEvent(id: string, substance: PlanSubstance, label = 'test plan'): DeskEvent {
  const plan: DraftedPlan = {
    id,
    request: substance.request,
    label,
    steps: substance.steps.map((step) => ({ partner: partnerAt(step.origin), tool: step.tool, args: step.args })),
    // What the page says its digest is counts for nothing at the server, which digests the plan itself.
    digest: 'digested-by-the-page',
    canonical: '{}',
    draftedBy: 'agent',
    draftedAt: '2026-12-01T10:01:00.000Z',
    revision: 1,
  };
  return { type: 'plan_drafted', plan };
}

/** The plan id a test's substance is drafted under by default: P-n for request R-n. */
export const planIdFor = (substance: PlanSubstance): string => `P-${substance.request.replace(/^R-/, '')}`;

/** Asks the desk's server, in `by`'s session, to raise an approval of the plan it holds as `plan`. */
export const askToRaise = (app: Hono, by: AsDispatcher | null, body: Record<string, unknown>) =>
  askDesk(app, '/api/approvals', by, body);

/**
 * Drafts `substance` as plan `plan` in the desk's record (unless the record already holds that plan
 * with those steps), then asks the desk's server to raise its approval: the server's answer.
 */
export async function raiseTestApproval(
  app: Hono,
  by: AsDispatcher,
  substance: PlanSubstance,
  plan = planIdFor(substance),
): Promise<TestAnswer> {
  const event = draftedPlanEvent(plan, substance);
  const stored = ((await askDesk(app, '/api/logs/state', by))['entries'] as { record: DeskEvent }[]).map(
    (entry) => entry.record,
  );
  const latest = stored.filter((kept) => kept.type === 'plan_drafted' && kept.plan.id === plan).at(-1);
  const same =
    latest?.type === 'plan_drafted' &&
    event.type === 'plan_drafted' &&
    JSON.stringify([latest.plan.request, latest.plan.steps]) === JSON.stringify([event.plan.request, event.plan.steps]);
  if (!same) {
    const drafted = await appendAs(app, by, 'state', [event]);
    if (!drafted.ok) throw new Error(`The desk would not record plan ${plan}: ${JSON.stringify(drafted)}`);
  }
  return askToRaise(app, by, { plan });
}

/** The event of `by`'s page taking request `id` in (R-n, n one digit), as a page records it. */
export const takenRequestEvent = (id: string, by: { readonly id: string; readonly name: string }): DeskEvent => ({
  type: 'request_taken',
  request: {
    id,
    people: 2,
    needs: ['food'],
    place: 'Harbour Street',
    deadline: '2026-12-01',
    note: '',
    takenBy: 'human',
    takenAt: `2026-12-01T10:00:0${id.slice(2)}.000Z`,
    heldBy: { id: by.id, name: by.name },
  } satisfies DeskRequest,
});

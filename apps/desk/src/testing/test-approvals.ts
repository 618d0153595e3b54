// Raising an approval in the desk server's Node tests as a dispatcher's page does: the plan is
// first in the desk's own record (a plan_drafted event, appended in the dispatcher's session), and
// the approval is then asked for by the plan's id alone. The desk's server builds everything the
// passkey signs from the plan it stores (server/approval-raising.ts); a test never hands it one.
// The server takes a plan only in order (domain/event-order.ts), so a test stores what a page
// stores first: the request taken in, and a read lease on each partner the plan names, opened and
// its frame's tools discovered.
import type { DeskCaller } from './desk-caller.ts';
import type { Lease, PartnerName, PlanSubstance } from '@warrant/broker';
import { SITES } from '@warrant/config';
import type { LogHead } from '@warrant/ledger';
import type { DeskEvent } from '../domain/desk-events.ts';
import type { DraftedPlan } from '../domain/plan.ts';
import type { DeskRequest } from '../domain/request.ts';
import { PARTNER_DIRECTORY } from '../partners.ts';
import { DESK_API } from '../api/desk-api.ts';
import { pathTo } from '../api/route.ts';

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
export async function askDesk(
  app: DeskCaller,
  path: string,
  by: AsDispatcher | null,
  body?: unknown,
): Promise<TestAnswer> {
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
  app: DeskCaller,
  by: AsDispatcher,
  log: 'ledger' | 'state',
  records: readonly unknown[],
  /** The page appending (its writer id): pages of their own are refused STALE_TAB when another wrote since. */
  writer = 'feedbeef0001',
): Promise<TestAnswer> {
  for (let attempt = 0; ; attempt += 1) {
    const basis = (await askDesk(app, pathTo(DESK_API.log, { log }), by))['head'] as LogHead;
    const answer = await askDesk(app, pathTo(DESK_API.append, { log }), by, { writer, basis, records });
    if (answer.ok || answer.code !== 'STALE_TAB' || attempt >= 9) return answer;
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
export const askToRaise = (app: DeskCaller, by: AsDispatcher | null, body: Record<string, unknown>) =>
  askDesk(app, DESK_API.raiseApproval.path, by, body);

/** The desk events `by`'s page has stored so far, oldest first. */
export const storedEvents = async (app: DeskCaller, by: AsDispatcher): Promise<DeskEvent[]> =>
  ((await askDesk(app, pathTo(DESK_API.log, { log: 'state' }), by))['entries'] as { record: DeskEvent }[]).map(
    (entry) => entry.record,
  );

/** The signed-in dispatcher of `by`'s session, as a request names its holder. */
async function whoIs(app: DeskCaller, by: AsDispatcher): Promise<{ id: string; name: string }> {
  const session = await askDesk(app, DESK_API.session.path, by);
  const dispatcher = session['dispatcher'] as { id: string; name: string } | null;
  if (!dispatcher) throw new Error('The test asked as no signed-in dispatcher.');
  return { id: dispatcher.id, name: dispatcher.name };
}

/**
 * The events of a read lease on `partner` for `request` opened as number `number`, its frame
 * mounted and its tools discovered (`tools`, each taking any arguments): what a page stores on
 * open_lease before a plan may name the partner's writes.
 */
export function discoveredLeaseEvents(
  request: string,
  partner: PartnerName,
  number: number,
  tools: readonly string[],
  at = Date.now(),
): DeskEvent[] {
  const lease: Lease = {
    id: `L-${number}`,
    partner,
    purpose: 'read_capacity',
    request,
    plan: null,
    approval: null,
    openedBy: 'agent',
    ttlSeconds: 120,
    openedAt: at,
    expiresAt: at + 120_000,
    state: 'pending',
    endedAt: null,
    endReason: null,
  };
  return [
    { type: 'lease_changed', lease, at, page: 'feedbeef0001' },
    { type: 'lease_changed', lease: { ...lease, state: 'active' }, at, page: 'feedbeef0001' },
    {
      type: 'tools_learned',
      partner,
      tools: tools.map((name) => ({
        name,
        description: `${name}, as the partner's frame declared it`,
        inputSchema: { type: 'object' },
        readOnly: false,
        untrustedContent: false,
      })),
    },
  ];
}

/**
 * What `by`'s page stores before it may draft `event`'s plan, as the record stands: the request
 * taken in (held by them), and a lease on each partner whose tools the plan names that no frame
 * has declared yet (numbered by the desk's server, as a page's are), its tools discovered and the
 * lease closed.
 */
async function eventsBeforePlan(app: DeskCaller, by: AsDispatcher, event: DeskEvent): Promise<DeskEvent[]> {
  if (event.type !== 'plan_drafted') return [];
  const stored = await storedEvents(app, by);
  const before: DeskEvent[] = [];
  const request = event.plan.request;
  if (!stored.some((kept) => kept.type === 'request_taken' && kept.request.id === request)) {
    before.push(takenRequestEvent(request, await whoIs(app, by)));
  }
  const declared = new Map<PartnerName, readonly string[]>();
  for (const kept of stored)
    if (kept.type === 'tools_learned')
      declared.set(
        kept.partner,
        kept.tools.map((tool) => tool.name),
      );
  const partners = [...new Set(event.plan.steps.map((step) => step.partner))];
  for (const partner of partners) {
    const tools = [...new Set(event.plan.steps.filter((step) => step.partner === partner).map((step) => step.tool))];
    if (tools.every((tool) => declared.get(partner)?.includes(tool))) continue;
    // A number the record has not used yet (a test may have stored leases of its own numbering).
    const used = Math.max(
      0,
      ...stored.flatMap((kept) => (kept.type === 'lease_changed' ? [Number(kept.lease.id.slice(2))] : [])),
    );
    let number = await askDesk(app, DESK_API.reserveId.path, by, { kind: 'lease', at_least: 1 });
    while (number.ok && (number['number'] as number) <= used)
      number = await askDesk(app, DESK_API.reserveId.path, by, { kind: 'lease', at_least: 1 });
    if (!number.ok) throw new Error(`The desk gave no lease number: ${JSON.stringify(number)}`);
    // Read, then closed by the agent, as a page's lease ends before a plan is approved: a run's end
    // then has no lease of the helper's to close.
    const [opened, active, learned] = discoveredLeaseEvents(request, partner, number['number'] as number, tools);
    if (opened?.type !== 'lease_changed') throw new Error('discoveredLeaseEvents opens a lease first');
    const closed: DeskEvent = {
      ...opened,
      lease: { ...opened.lease, state: 'closed', endedAt: opened.lease.openedAt + 1, endReason: 'closed by agent' },
    };
    before.push(opened, active!, learned!, closed);
  }
  return before;
}

/**
 * Drafts `substance` as plan `plan` in the desk's record (unless the record already holds that plan
 * with those steps), then asks the desk's server to raise its approval: the server's answer.
 */
export async function raiseTestApproval(
  app: DeskCaller,
  by: AsDispatcher,
  substance: PlanSubstance,
  plan = planIdFor(substance),
): Promise<TestAnswer> {
  const stored = await storedEvents(app, by);
  const earlier = stored.filter((kept) => kept.type === 'plan_drafted' && kept.plan.id === plan).at(-1);
  const drafted = draftedPlanEvent(plan, substance);
  const event: DeskEvent =
    earlier?.type === 'plan_drafted' && drafted.type === 'plan_drafted'
      ? { ...drafted, plan: { ...drafted.plan, revision: earlier.plan.revision + 1 } }
      : drafted;
  const same =
    earlier?.type === 'plan_drafted' &&
    event.type === 'plan_drafted' &&
    JSON.stringify([earlier.plan.request, earlier.plan.steps]) ===
      JSON.stringify([event.plan.request, event.plan.steps]);
  if (!same) {
    const answer = await appendAs(app, by, 'state', [...(await eventsBeforePlan(app, by, event)), event]);
    if (!answer.ok) throw new Error(`The desk would not record plan ${plan}: ${JSON.stringify(answer)}`);
  }
  return askToRaise(app, by, { plan });
}

/**
 * Appends `event` to the desk's state in `by`'s session after what a page stores before it (for a
 * plan: its request taken in and its partners' tools discovered): the server's answer.
 */
export async function storeInOrder(
  app: DeskCaller,
  by: AsDispatcher,
  event: DeskEvent,
  writer?: string,
): Promise<TestAnswer> {
  return appendAs(app, by, 'state', [...(await eventsBeforePlan(app, by, event)), event], writer);
}

/** The event of `by`'s page taking request `id` in (R-n), as a page records it (taken in n seconds after ten). */
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
    takenAt: new Date(Date.UTC(2026, 11, 1, 10, 0, Number(id.slice(2)) || 0)).toISOString(),
    heldBy: { id: by.id, name: by.name },
  } satisfies DeskRequest,
});

// Where an approval comes from: the desk's own record, never a page. commit_plan's page names a
// plan by its id; the desk's server, in one transaction holding its records still, finds that plan
// in the desk events it stores, checks it is in order for an approval (drafted, not run or under
// way: the same rule commit_plan's legality reads, domain/queries.ts) and that its request is the
// caller's to act on (no other dispatcher holds it), and then builds everything a passkey signs
// itself: the plan's substance and digest, the approval's id (never given before, in any book),
// its expiry by this server's clock, and the statement. The pending approval it stores is what the
// card, the page for another device and the passkey's challenge are built from.
//
// A page that posts a plan, an id or an expiry is refused rather than half-heard: the desk takes
// none of them from a page, and a caller sending them should learn so, not believe its plan held.
import type { Hono } from 'hono';
import { approvalChallenge, type ApprovalStatement } from '@warrant/authority';
import { APPROVAL_TTL_MS, digestSubstance, planSubstance, type PlanSubstance } from '@warrant/broker';
import type { Database, Queryable } from '@warrant/site-server';
import { refusal, type ToolRefusal } from '@warrant/surface';
import { heldByAnotherRefusal } from '../domain/held-by-another.ts';
import { MAX_STORED_PLAN_STEPS, type DraftedPlan } from '../domain/plan.ts';
import { findPlan, planAwaits } from '../domain/queries.ts';
import type { ApprovalRaised } from '../domain/raised-approval.ts';
import { highestNumber } from '../domain/id-kinds.ts';
import { PARTNER_DIRECTORY } from '../partners.ts';
import { currentBook } from './approvals.ts';
import type { DeskIdentity } from './desk-identity.ts';
import { holdDeskRecords } from './record-locks.ts';
import { stateNow } from './record-order.ts';
import { DESK_API } from '../api/desk-api.ts';
import { refused } from './http.ts';
import { isReply, serve } from './serve-route.ts';
import { nextIdNumber } from './id-numbers.ts';
import { holderOf } from './request-holders.ts';
import { currentDispatcher, type Dispatcher } from './sessions.ts';

/** Why the plan the record holds cannot be held for a passkey, or null when it can. */
function stepsProblem(plan: DraftedPlan): string | null {
  const steps: unknown = plan.steps;
  if (!Array.isArray(steps) || steps.length === 0 || steps.length > MAX_STORED_PLAN_STEPS)
    return `a plan has 1 to ${MAX_STORED_PLAN_STEPS} steps`;
  for (const [index, step] of (steps as unknown[]).entries()) {
    const { partner, tool, args } = (typeof step === 'object' && step !== null ? step : {}) as Record<string, unknown>;
    if (
      typeof partner !== 'string' ||
      !PARTNER_DIRECTORY.has(partner) ||
      typeof tool !== 'string' ||
      typeof args !== 'object' ||
      args === null ||
      Array.isArray(args)
    )
      return `step ${index + 1} does not name a partner of this desk, a tool and its arguments`;
  }
  return null;
}

type Raised = ({ readonly ok: true } & ApprovalRaised) | (ToolRefusal & { readonly status: 404 | 403 | 409 | 422 });

const refusedWith = (answer: ToolRefusal, status: 404 | 403 | 409 | 422): Raised => ({ ...answer, status });

/**
 * Raises an approval of plan `planId` for `dispatcher`, inside `tx`: from the plan the desk's
 * record holds, at this server's time `at`, or the refusal saying why not (nothing stored).
 */
export async function raiseApproval(
  db: Database,
  tx: Queryable,
  desk: DeskIdentity,
  dispatcher: Dispatcher,
  planId: string,
  at: number,
): Promise<Raised> {
  // No page's append lands between reading the record and holding the approval.
  await holdDeskRecords(tx);
  const book = await currentBook(tx);
  // The whole record as it stands: the fold the server keeps (record-order.ts), what was stored since read.
  const state = await stateNow(db, tx, book);
  const plan = findPlan(state, planId);
  if (!plan)
    return refusedWith(
      refusal(
        'PLAN_UNKNOWN',
        `The desk's record holds no plan ${planId}. Draft one with draft_plan. Nothing was raised.`,
        {
          plan: planId,
        },
      ),
      404,
    );
  const holder = await holderOf(tx, book, plan.request);
  if (holder && holder.id !== dispatcher.id) return refusedWith(heldByAnotherRefusal(plan.request, holder), 403);
  const [underWay] = await tx.query(
    "SELECT 1 FROM approvals WHERE book_no = $1 AND plan_id = $2 AND status = 'granted' AND run_status IN ('running', 'done') LIMIT 1",
    [book, planId],
  );
  if (!planAwaits(state, plan) || underWay)
    return refusedWith(
      refusal(
        'PLAN_NOT_AWAITING',
        `${planId} is not a drafted plan awaiting commitment: a run of it is under way or done. Nothing was raised.`,
        { plan: planId },
      ),
      409,
    );
  const problem = stepsProblem(plan);
  if (problem)
    return refusedWith(
      refusal('PLAN_INVALID', `${planId} cannot be held for approval: ${problem}. Nothing was raised.`, {
        plan: planId,
      }),
      422,
    );
  const substance: PlanSubstance = planSubstance(plan, PARTNER_DIRECTORY);
  const digested = digestSubstance(substance);
  if (!digested.ok) return refusedWith(digested, 422);

  const number = await nextIdNumber(tx, 'approval', highestNumber(state.approvals.map((approval) => approval.id)) + 1);
  if (number === null) return refusedWith(refusal('STORAGE_FAILED', 'This desk has no approval numbers left.'), 422);
  const id = `A-${number}`;
  const expiresAt = at + APPROVAL_TTL_MS;
  const statement: ApprovalStatement = {
    approval: id,
    plan_digest: digested.digest,
    expires_at: new Date(expiresAt).toISOString(),
    desk_origin: desk.origin,
  };
  const challenge = approvalChallenge(statement);
  await tx.query(
    "INSERT INTO approvals (book_no, challenge, id, plan_digest, statement, substance, status, plan_id) VALUES ($1, $2, $3, $4, $5, $6, 'pending', $7)",
    [book, challenge, id, digested.digest, JSON.stringify(statement), JSON.stringify(substance), planId],
  );
  // What the approval was born as (request-holders.ts): a page's event giving it another plan or
  // another moment is refused.
  await tx.query('INSERT INTO desk_record_ids (book_no, kind, id, birth) VALUES ($1, $2, $3, $4)', [
    book,
    'approval',
    id,
    JSON.stringify([planId, at]),
  ]);
  return {
    ok: true,
    approval: {
      id,
      plan: planId,
      request: plan.request,
      label: plan.label,
      digest: digested.digest,
      canonical: digested.canonical,
      raisedAt: at,
      expiresAt,
      status: 'pending',
    },
    challenge,
    statement,
    substance,
    canonical: digested.canonical,
  };
}

/** `POST /api/approvals { plan }`: registered after the guard that refuses a caller with no session. */
export function approvalRaisingRoute(app: Hono, db: Database, desk: DeskIdentity, now: () => number): void {
  serve(app, DESK_API.raiseApproval, async (c, { reply, input }) => {
    const dispatcher = await currentDispatcher(c, db);
    if (!dispatcher)
      return refused(
        c,
        refusal('NOT_SIGNED_IN', "Only a signed-in dispatcher's page asks for an approval. Nothing was raised."),
        401,
      );
    // Only a plan's id (P-n): anything else a page sends is refused PLAN_BY_REFERENCE_ONLY (the API's declaration).
    const body = await input();
    if (isReply(body)) return body;
    const answer = await db.transaction((tx) => raiseApproval(db, tx, desk, dispatcher, body.plan, now()));
    if (!answer.ok) {
      const { status, ...said } = answer;
      return refused(c, said, status);
    }
    return reply(answer);
  });
}

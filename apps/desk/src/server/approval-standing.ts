// What becomes of an approval the desk's server raised is the server's to decide, never a page's
// alone. Two of its ends come from the page's side: a person's reject (the page asks the server's
// reject route first, approvals.ts) and a revision of its plan that changed the steps. The second
// is decided here, inside the transaction that stores the page's plan_drafted event: the server
// digests the plan as the record now holds it and voids every approval of that plan still pending
// under another digest. Deciding it where the revision is stored, rather than on a later call the
// page might never make, leaves no moment where the record holds the new steps and the old
// approval can still be granted.
//
// A page's approval_changed event saying an approval is rejected or void is then only the page's
// record of what the server decided: while the server holds that approval pending, it is refused.
import { digestSubstance, planSubstance } from '@warrant/broker';
import type { Queryable } from '@warrant/site-server';
import { refusal, type ToolRefusal } from '@warrant/surface';
import { PARTNER_DIRECTORY } from '../partners.ts';

const record = (value: unknown): Readonly<Record<string, unknown>> =>
  typeof value === 'object' && value !== null ? (value as Readonly<Record<string, unknown>>) : {};

/** The digest the server gives `plan` as a page's event carries it, or null when it names no plan it can digest. */
function digestOf(plan: Readonly<Record<string, unknown>>): string | null {
  const steps = plan['steps'];
  if (typeof plan['request'] !== 'string' || !Array.isArray(steps)) return null;
  if (!steps.every((step) => PARTNER_DIRECTORY.has(String(record(step)['partner'])))) return null;
  try {
    const digested = digestSubstance(
      planSubstance(
        { request: plan['request'], steps: steps as Parameters<typeof planSubstance>[0]['steps'] },
        PARTNER_DIRECTORY,
      ),
    );
    return digested.ok ? digested.digest : null;
  } catch {
    return null;
  }
}

/**
 * Voids, in `tx`, every approval of the plan `plan` (a page's plan_drafted event, being stored)
 * still pending under a digest other than the plan's as it now stands. A new label alone keeps them.
 */
export async function voidApprovalsOfRevisedPlan(
  tx: Queryable,
  book: number,
  plan: Readonly<Record<string, unknown>>,
): Promise<void> {
  const id = plan['id'];
  if (typeof id !== 'string') return;
  await tx.query(
    "UPDATE approvals SET status = 'void', decided_at = now() WHERE book_no = $1 AND plan_id = $2 AND status = 'pending' AND plan_digest IS DISTINCT FROM $3",
    [book, id, digestOf(plan)],
  );
}

/** The server's status each of a page's ends of an approval must already have. */
const DECIDED_AS: Readonly<Record<string, string>> = { rejected: 'rejected', void: 'void' };

/**
 * Why a page's record of `approval` as rejected or void is not what the server decided, or null
 * when it is (or the page records another status, or an approval the server never held).
 */
export async function undecidedEnd(
  tx: Queryable,
  book: number,
  approval: Readonly<Record<string, unknown>>,
): Promise<ToolRefusal | null> {
  const status = String(approval['status']);
  const needed = DECIDED_AS[status];
  if (needed === undefined) return null;
  const id = String(approval['id']);
  const [held] = await tx.query<{ status: string }>(
    'SELECT status FROM approvals WHERE book_no = $1 AND id = $2 LIMIT 1',
    [book, id],
  );
  if (!held || held.status === needed) return null;
  return refusal(
    'NOT_DECIDED_BY_SERVER',
    `The desk's server holds ${id} ${held.status}, not ${status}: an approval is ${status === 'rejected' ? "rejected through the desk's server" : 'void only when the server stored a revision of its plan'}. Nothing was recorded.`,
    { approval: id, status: held.status },
  );
}

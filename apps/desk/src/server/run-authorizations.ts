// A run cut off mid-way — the page driving it went away, or this server was stopped under it — is
// taken up by the next acting page. To go on it needs the step authorizations the grant issued,
// which lived in the old page: they are kept with the approval (003-kept-step-authorizations.sql)
// and handed out again here, to the acting page of a signed-in dispatcher, for a granted approval
// whose run has not ended on the ledger. Handing one out again cannot write anything twice: each
// partner allows one use per (plan digest, step), and answers a step it already wrote from its
// idempotency record.
//
// Once the approval has expired no step may be written, but what was written must still be
// undoable: the answer then says the run may not resume, and carries each undo signed afresh,
// dated a short while ahead and never past the undo window partners allow (UNDO_WINDOW_MS). The
// step authorizations come as issued: expired, no partner takes them, but a partner's receipt is
// over the exact arguments of its write, authorization included, so the page needs them to check
// the receipts of what was written before it undoes it.
import type { Hono } from 'hono';
import {
  decodeStepAuthorization,
  issueStepAuthorization,
  latestGrantExpiry,
  type ApprovalStatement,
} from '@warrant/authority';
import { readHopDetail } from '@warrant/broker';
import type { Database } from '@warrant/site-server';
import { refusal } from '@warrant/surface';
import { currentBook, type IssuedAuthorizations } from './approvals.ts';
import type { DeskIdentity } from './desk-identity.ts';
import { jsonBody, malformed, refused } from './http.ts';
import { currentDispatcher } from './sessions.ts';

/** How long an undo signed afresh for a cut-off run stays good: long enough to undo a plan's steps. */
const REISSUED_UNDO_MS = 15 * 60 * 1000;
const PAGE = /^[0-9a-f]{8,64}$/;

/** What the acting page is handed. */
export interface RunAuthorizations {
  readonly ok: true;
  readonly approval: string;
  readonly expires_at: string;
  /** Whether the run may go on writing its steps (the approval holds); if not, it can only undo. */
  readonly may_resume: boolean;
  readonly authorizations: readonly IssuedAuthorizations[];
}

const parsed = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

/** The ledger row that ended the approval's run in this book, if one did. */
async function runEnd(db: Database, book: number, approval: string): Promise<{ seq: number; outcome: string } | null> {
  const [row] = await db.query<{ seq: number; record: string }>(
    `SELECT seq, record FROM desk_log_records
      WHERE book_no = $1 AND log = 'ledger' AND (record::jsonb ->> 'event') = 'plan_finished' AND (record::jsonb ->> 'approval') = $2
      ORDER BY seq LIMIT 1`,
    [book, approval],
  );
  if (!row) return null;
  const detail = String((JSON.parse(row.record) as { detail?: unknown }).detail ?? '');
  return { seq: row.seq, outcome: readHopDetail(detail)['outcome'] ?? 'ended' };
}

/** The undo authorization `token`, signed again by the desk with a new expiry. */
function redated(desk: DeskIdentity, token: string, expiresAt: number): string | null {
  const decoded = decodeStepAuthorization(token);
  if (!decoded.ok) return null;
  const { grant, statement, assertion } = decoded.authorization;
  return issueStepAuthorization(
    desk.key,
    { ...grant, expires_at: new Date(expiresAt).toISOString() },
    statement,
    assertion,
  );
}

export function runAuthorizationRoutes(
  app: Hono,
  db: Database,
  desk: DeskIdentity,
  now: () => number = Date.now,
): void {
  app.post('/api/approvals/:challenge/authorizations', async (c) => {
    const body = await jsonBody(c);
    if (!body) return malformed(c);
    const page = body['page'];
    if (typeof page !== 'string' || !PAGE.test(page))
      return refused(
        c,
        refusal('MALFORMED_REQUEST', 'Taking up a run names the page that asks (hex). Nothing was handed out.'),
        400,
      );
    if (!(await currentDispatcher(c, db))) {
      return refused(
        c,
        refusal(
          'NOT_SIGNED_IN',
          'Only a dispatcher on this desk, signed in with their passkey, can take up an approved run. Sign in; the desk then takes it up. Nothing was handed out.',
        ),
        401,
      );
    }
    const [acting] = await db.query('SELECT 1 FROM desk_acting_page WHERE page = $1 AND expires_at > now()', [page]);
    if (!acting)
      return refused(
        c,
        refusal(
          'NOT_ACTING_PAGE',
          'Only the page acting at this desk takes up a run, and this page is not it. Nothing was handed out.',
        ),
        409,
      );

    const book = await currentBook(db);
    const [row] = await db.query<{
      id: string;
      status: string;
      statement: ApprovalStatement | string;
      authorizations: IssuedAuthorizations[] | string | null;
    }>('SELECT id, status, statement, authorizations FROM approvals WHERE book_no = $1 AND challenge = $2', [
      book,
      c.req.param('challenge'),
    ]);
    if (!row)
      return refused(c, refusal('APPROVAL_UNKNOWN', 'The desk holds no such approval. Nothing was handed out.'), 404);
    if (row.status !== 'granted') {
      return refused(
        c,
        refusal(
          'APPROVAL_NOT_GRANTED',
          `That approval is ${row.status}, not granted: it authorized no run to take up. Nothing was handed out.`,
          { status: row.status },
        ),
        409,
      );
    }
    const ended = await runEnd(db, book, row.id);
    if (ended) {
      return refused(
        c,
        refusal(
          'RUN_ENDED',
          `The run of ${row.id} already ended (ledger row ${ended.seq}: ${ended.outcome}); an approval runs its plan once. Nothing was handed out.`,
          { seq: ended.seq, outcome: ended.outcome },
        ),
        409,
      );
    }
    if (row.authorizations === null) {
      return refused(
        c,
        refusal(
          'AUTHORIZATIONS_NOT_KEPT',
          `The desk did not keep the step authorizations of ${row.id} (it was granted before the desk kept them), so its run cannot be taken up. Nothing was handed out.`,
        ),
        409,
      );
    }
    const statement = parsed(row.statement);
    const kept = parsed(row.authorizations);
    const at = now();
    if (at < Date.parse(statement.expires_at)) {
      const answer: RunAuthorizations = {
        ok: true,
        approval: row.id,
        expires_at: statement.expires_at,
        may_resume: true,
        authorizations: kept,
      };
      return c.json(answer);
    }
    const undoUntil = latestGrantExpiry('undo', statement.expires_at);
    if (at >= undoUntil) {
      return refused(
        c,
        refusal(
          'UNDO_WINDOW_PASSED',
          `${row.id} expired at ${statement.expires_at}, longer ago than a step of it may still be undone: what its run wrote stays applied. Nothing was handed out.`,
          { expires_at: statement.expires_at },
        ),
        409,
      );
    }
    const until = Math.min(at + REISSUED_UNDO_MS, undoUntil);
    const answer: RunAuthorizations = {
      ok: true,
      approval: row.id,
      expires_at: statement.expires_at,
      may_resume: false,
      authorizations: kept.map(({ step, undo }) => ({ step, undo: undo === null ? null : redated(desk, undo, until) })),
    };
    return c.json(answer);
  });
}

// Approvals on the desk's server. commit_plan's page asks the server to raise one for a plan the
// desk's record holds (approval-raising.ts); the server builds and holds the statement a
// dispatcher's passkey signs (approval id, plan digest, expiry, desk origin: RFC 8785 JSON,
// challenge = its SHA-256). A grant is a WebAuthn assertion over exactly that challenge, verified
// here, and decided inside one transaction: a pending row becomes granted once, and a plan is
// granted again only while no approval of it has a run under way or done (a failed run is tried
// again with a new approval). Only then does the desk's server run the plan itself
// (approved-runs.ts): it signs each step's authorization as it sends that step, and hands none to
// the page.
import type { Hono } from 'hono';
import type { verifyAuthenticationResponse } from '@simplewebauthn/server';
import type { ApprovalStatement } from '@warrant/authority';
import { UniqueViolation, type Database, type Queryable } from '@warrant/site-server';
import { refusal, type ToolRefusal } from '@warrant/surface';
import type { DeskIdentity } from './desk-identity.ts';
import { checkAssertion } from './dispatchers.ts';
import { DESK_API } from '../api/desk-api.ts';
import { refused } from './http.ts';
import { isReply, serve } from './serve-route.ts';
import type { ApprovedRuns } from './approved-runs.ts';

export async function currentBook(via: Queryable): Promise<number> {
  const [row] = await via.query<{ book: number }>('SELECT max(book_no)::int AS book FROM desk_books');
  return row?.book ?? 1;
}

export function approvalRoutes(
  app: Hono,
  db: Database,
  desk: DeskIdentity,
  runs: ApprovedRuns,
  now: () => number = Date.now,
): void {
  serve(app, DESK_API.approval, async (c, { reply }) => {
    const [row] = await db.query<{
      status: 'pending' | 'granted' | 'rejected';
      statement: ApprovalStatement;
      dispatcher: string | null;
      name: string | null;
      run_status: 'running' | 'done' | 'undone' | 'failed' | null;
      run_problem: string | null;
    }>(
      'SELECT a.status, a.statement, a.dispatcher_id AS dispatcher, d.name, a.run_status, a.run_problem FROM approvals a LEFT JOIN dispatchers d ON d.id = a.dispatcher_id WHERE a.book_no = $1 AND a.challenge = $2',
      [await currentBook(db), c.req.param('challenge')],
    );
    if (!row) return refused(c, refusal('APPROVAL_UNKNOWN', 'The desk holds no such approval.'), 404);
    return reply({
      ok: true,
      status: row.status,
      statement: row.statement,
      // A decision names its dispatcher, who stays on the table (a removal marks them, never deletes).
      decided_by: row.dispatcher !== null && row.name !== null ? { id: row.dispatcher, name: row.name } : null,
      run: row.run_status ? { status: row.run_status, problem: row.run_problem } : null,
    });
  });

  // The ceremony's options: the challenge is the approval's own, never a random one.
  serve(app, DESK_API.approvalOptions, async (c, { reply }) => {
    const [row] = await db.query(
      "SELECT 1 FROM approvals WHERE book_no = $1 AND challenge = $2 AND status = 'pending'",
      [await currentBook(db), c.req.param('challenge')],
    );
    if (!row)
      return refused(
        c,
        refusal('APPROVAL_NOT_PENDING', 'That approval is not waiting for a decision. Nothing was done.'),
        409,
      );
    return reply({
      ok: true,
      options: {
        challenge: c.req.param('challenge'),
        rpId: desk.rpId,
        userVerification: 'required',
        timeout: 120_000,
        allowCredentials: [],
      },
    });
  });

  serve(app, DESK_API.grant, async (c, { reply, input }) => {
    const body = await input();
    if (isReply(body)) return body;
    const challenge = c.req.param('challenge');
    const response = body.response as Parameters<typeof verifyAuthenticationResponse>[0]['response'];
    let answer:
      { readonly ok: true; readonly book: number; readonly dispatcher: { id: string; name: string } } | ToolRefusal;
    try {
      answer = await db.transaction(async (tx) => {
        const book = await currentBook(tx);
        const [row] = await tx.query<{
          status: string;
          statement: ApprovalStatement | string;
        }>('SELECT status, statement FROM approvals WHERE book_no = $1 AND challenge = $2 FOR UPDATE', [
          book,
          challenge,
        ]);
        if (!row) return refusal('APPROVAL_UNKNOWN', 'The desk holds no such approval. Nothing ran.');
        if (row.status !== 'pending')
          return refusal(
            'APPROVAL_DECIDED',
            `That approval was already ${row.status}; an approval is decided once. Nothing ran.`,
            { status: row.status },
          );
        const statement = (
          typeof row.statement === 'string' ? JSON.parse(row.statement) : row.statement
        ) as ApprovalStatement;
        // Void from the millisecond it expires, by this server's clock.
        if (!(Date.parse(statement.expires_at) > now()))
          return refusal('APPROVAL_EXPIRED', 'That approval expired undecided. Nothing ran.');
        const checked = await checkAssertion(tx, desk, response, challenge);
        if (!checked.ok) return checked;
        // The person's assertion is kept with the grant: the desk's server signs each step's
        // authorization with it at the moment it sends that step (approved-runs.ts), and no
        // authorization is handed to the page.
        await tx.query(
          "UPDATE approvals SET status = 'granted', dispatcher_id = $3, decided_at = now(), assertion = $4, run_status = 'running', run_started_at = now() WHERE book_no = $1 AND challenge = $2",
          [book, challenge, checked.dispatcher.id, JSON.stringify(response)],
        );
        return { ok: true as const, book, dispatcher: checked.dispatcher };
      });
    } catch (error) {
      if (!(error instanceof UniqueViolation)) throw error;
      answer = refusal(
        'PLAN_ALREADY_APPROVED',
        'This plan was already approved under another approval, and a plan runs at most once. Reject this approval instead. Nothing ran.',
      );
    }
    if (!answer.ok) return refused(c, answer, 409);
    // The run is the server's from here: it goes on whether or not any page stays open.
    runs.start(answer.book, challenge);
    return reply({ ok: true, dispatcher: answer.dispatcher, run: 'running' });
  });

  // A reject frees nothing, so it needs no passkey: whoever holds the approval's challenge (the
  // card's page, or the other device its link was opened on) may refuse it. The desk's page asks
  // here before it records a rejection (human-acts.ts), so the server's row is never left pending.
  serve(app, DESK_API.reject, async (c, { reply }) => {
    const book = await currentBook(db);
    const challenge = c.req.param('challenge');
    const [row] = await db.query<{ id: string }>(
      "UPDATE approvals SET status = 'rejected', decided_at = now() WHERE book_no = $1 AND challenge = $2 AND status = 'pending' RETURNING id",
      [book, challenge],
    );
    if (!row) {
      // How it stands instead, so a page that rejects what another device already rejected agrees.
      const [held] = await db.query<{ id: string; status: string }>(
        'SELECT id, status FROM approvals WHERE book_no = $1 AND challenge = $2',
        [book, challenge],
      );
      return refused(
        c,
        refusal(
          'APPROVAL_NOT_PENDING',
          'That approval is not waiting for a decision. Nothing was done.',
          held ? { approval: held.id, status: held.status } : {},
        ),
        409,
      );
    }
    return reply({ ok: true, rejected: row.id });
  });
}

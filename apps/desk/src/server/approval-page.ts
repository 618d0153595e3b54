// The approval page for another device: GET /approve/:challenge, rendered by the desk's server from
// the approval it stores (its statement and the plan's substance), never from anything a page sent
// with the request. What a person reads on the desk's card comes from the desk's page, which an
// agent holding that browser can rewrite; a person who opens this link on another device reads the
// plan as the desk holds it, the plan their passkey's signature will be bound to.
//
// The link grants nothing: its challenge only names the approval. Approving there is the same
// passkey ceremony over the same challenge, posted to the same grant route, as on the card. The
// page's script is a built file (approve.html, a Vite entry like index.html), so the desk's CSP
// (`script-src 'self'`) holds; the server fills the built page's <!--approval--> mark with what it
// renders here, every value escaped. The card's QR code of the link is drawn here too, as SVG.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Context, Hono } from 'hono';
import { html } from 'hono/html';
import { renderSVG } from 'uqr';
import { canonicalJson, revealInvisible, type ApprovalStatement } from '@warrant/authority';
import { digestSubstance, type PlanSubstance } from '@warrant/broker';
import type { Database } from '@warrant/site-server';
import { DESK_API } from '../api/desk-api.ts';
import { pathTo } from '../api/route.ts';
import { currentBook } from './approvals.ts';
import type { DeskIdentity } from './desk-identity.ts';
import { planInWords } from '../domain/plan-in-words.ts';

/** A challenge is the base64url SHA-256 of an approval's statement: 43 characters. */
const CHALLENGE = /^[A-Za-z0-9_-]{43}$/;
const BUILT_PAGE = fileURLToPath(new URL('../../dist/approve.html', import.meta.url));
const MARK = '<!--approval-->';
// Before the desk is built (the server's unit tests) the page is this shell: readable, no script.
const UNBUILT_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8" /><title>Approve a plan — dispatch desk</title></head><body><main id="approve">${MARK}</main></body></html>`;

type StoredApproval = {
  readonly id: string;
  readonly status: 'pending' | 'granted' | 'rejected' | 'void';
  readonly statement: ApprovalStatement | string;
  readonly substance: PlanSubstance | string;
  readonly name: string | null;
};

const parsed = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

/** The path of the approval page for `challenge`, on the desk's origin. */
export const approvalPagePath = (challenge: string): string => pathTo(DESK_API.approvalPage, { challenge });

function builtPage(): string {
  try {
    return readFileSync(BUILT_PAGE, 'utf8');
  } catch {
    return UNBUILT_PAGE;
  }
}

function clock(iso: string): string {
  return `${new Date(iso).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' })} UTC`;
}

function page(c: Context, body: ReturnType<typeof html>, status: 200 | 404 = 200) {
  c.header('Cache-Control', 'no-store');
  return c.html(
    builtPage().replace(MARK, () => String(body)),
    status,
  );
}

function unknown(c: Context) {
  return page(
    c,
    html`<h1>No such approval</h1>
      <p>
        The desk holds no such approval. The link may be mistyped, or the desk started a new book since it was made. Ask
        the desk for a new link; nothing was approved.
      </p>`,
    404,
  );
}

function decidedWords(row: StoredApproval, expired: boolean): string | null {
  if (row.status === 'granted')
    return `${row.id} was already approved${row.name ? ` by ${row.name}` : ''}. An approval is decided once; there is nothing left to approve here.`;
  if (row.status === 'rejected')
    return `${row.id} was already rejected. An approval is decided once; nothing of it will run.`;
  if (row.status === 'void')
    return `${row.id} is void: its plan was revised after it was raised. Nothing of it will run; the desk can ask again for the plan as it stands.`;
  if (expired) return `${row.id} expired undecided. Nothing of it ran; the desk can ask again.`;
  return null;
}

function render(row: StoredApproval, challenge: string, desk: DeskIdentity) {
  const statement = parsed(row.statement);
  const substance = parsed(row.substance);
  const digested = digestSubstance(substance);
  const bytes = revealInvisible(digested.ok ? digested.canonical : canonicalJson(substance)).text;
  const steps = planInWords(substance).map((words) => revealInvisible(words).text);
  const decided = decidedWords(row, !(Date.parse(statement.expires_at) > Date.now()));
  return html`<div id="approval" data-challenge="${challenge}" data-status="${row.status}">
    <h1>${decided ? `Approval ${row.id}` : `Approve ${row.id}?`}</h1>
    <p class="small">
      For request ${substance.request}, at the dispatch desk ${desk.origin}. This page is written by the desk's server
      from the plan it holds, the plan your passkey's signature is bound to.
    </p>
    <h2 id="plan-steps-title">What approving does</h2>
    <ol class="plan-steps" aria-labelledby="plan-steps-title">
      ${steps.map((words) => html`<li>${words}</li>`)}
    </ol>
    ${
      decided
        ? html`<p class="callout decided">${decided}</p>`
        : html`<p>
            Nothing is written at any partner until you approve. It can be approved until
            ${clock(statement.expires_at)}.
          </p>`
    }
    <details class="canonical">
      <summary>Exactly what your passkey signs</summary>
      <p class="small">The plan as hashed (canonical JSON):</p>
      <pre class="canonical-bytes" tabindex="0" aria-label="The canonical JSON of the plan, as hashed">${bytes}</pre>
      <p class="digest">SHA-256 <code>${statement.plan_digest}</code></p>
      <p class="small">The approval statement; your passkey signs the SHA-256 of exactly these bytes:</p>
      <pre class="statement-bytes" tabindex="0" aria-label="The canonical JSON of the approval statement">
${canonicalJson(statement)}</pre>
      <p class="digest">Challenge <code>${challenge}</code></p>
    </details>
    ${
      decided
        ? ''
        : html`<div class="actions">
            <button type="button" class="primary approve" disabled>Approve with your passkey</button>
            <button type="button" class="danger reject" disabled>Reject</button>
          </div>`
    }
    <p class="answer" role="status" aria-live="polite"></p>
  </div>`;
}

export function approvalPageRoutes(app: Hono, db: Database, desk: DeskIdentity): void {
  const stored = async (challenge: string): Promise<StoredApproval | null> => {
    if (!CHALLENGE.test(challenge)) return null;
    const [row] = await db.query<StoredApproval>(
      'SELECT a.id, a.status, a.statement, a.substance, d.name FROM approvals a LEFT JOIN dispatchers d ON d.id = a.dispatcher_id WHERE a.book_no = $1 AND a.challenge = $2',
      [await currentBook(db), challenge],
    );
    return row ?? null;
  };

  app.get(DESK_API.approvalPage.path, async (c) => {
    const challenge = c.req.param('challenge');
    const row = await stored(challenge);
    return row ? page(c, render(row, challenge, desk)) : unknown(c);
  });

  // The QR code of the link, for a phone's camera: only for an approval the desk holds.
  app.get(DESK_API.approvalQr.path, async (c) => {
    const challenge = c.req.param('challenge');
    if (!(await stored(challenge))) return c.text('Not found', 404);
    c.header('Cache-Control', 'no-store');
    return c.body(renderSVG(`${desk.origin}${approvalPagePath(challenge)}`, { border: 2 }), 200, {
      'Content-Type': 'image/svg+xml',
    });
  });

  // The built page alone is only a shell with a mark: it is served filled in, at /approve/:challenge.
  app.get('/approve.html', (c) => unknown(c));
}

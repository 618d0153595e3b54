// A partner's server: the site's authority. It keeps the site's record in the site's own database
// and runs every write the way the page once did (the same pipeline: idempotency key, legality
// against the state in the database, the site's decision, a signed receipt, the append) inside
// one transaction, after checking the input against the tool's schema itself: the page's
// registered set is a convenience for the agent, never the check. Its page reads the record from
// here and hears every change live.
import { fileURLToPath } from 'node:url';
import { PARTNER_MANIFEST_PATH, READING_FIELD, readingOf, readingStatement } from '@warrant/broker';
import { SITES } from '@warrant/config';
import { CALLERS, type Caller } from '@warrant/base';
import { refusal, validateInput, type Channel } from '@warrant/surface';
import { changeStream, migrate, type Database } from '@warrant/site-server';
import type { Context, Hono } from 'hono';
import type { PartnerDefinition } from '../definition.ts';
import type { WriteEnvelope } from '../definition.ts';
import type { JsonObject } from '../log-entry.ts';
import { openPartnerSite, type PartnerSite } from '../partner-site.ts';
import { withEnvelope } from '../rows.ts';
import { compensationsOf, partnerManifest } from '../manifest.ts';
import { databaseSiteLog, LOG_CHANNEL } from './database-site-log.ts';
import { partnerSigningKey } from './partner-key.ts';
import { recentRefusals, recordRefusal, REFUSALS_CHANNEL } from './refusals.ts';
import { checkAuthorization, recordAuthorizationUse, type AuthorizationCheck } from './authorization-check.ts';
import { deskFromItsOrigin } from './desk-trust.ts';
import { askDeskAtItsOrigin, deskAudit, DESK_AUDITS_CHANNEL, type AskDesk } from './desk-audit.ts';
import {
  AUTHORIZATION_FIELD,
  decodeStepAuthorization,
  RUN_CLOSED_PATH,
  signCanonical,
  canonicalJson,
  verifiedRunClosure,
} from '@warrant/authority';
import { bodyLimit } from 'hono/body-limit';
import { peopleOperator, peopleRoutes } from '@warrant/people';
import type { SitePeopleOperator } from '@warrant/site-server';
import { partnerPeople } from './partner-people.ts';
import { refused, staffPeople } from './staff-people.ts';

const MIGRATIONS = fileURLToPath(new URL('../../migrations/', import.meta.url));
// The page says how a call reached it; the server keeps that claim as a short word, nothing more.
const CHANNEL = /^[a-z_]{1,20}$/;

export interface PartnerServerOptions {
  readonly db: Database;
  readonly now?: () => Date;
  /** How this partner learns the desk's key and dispatchers; by default from the desk's origin. */
  readonly desk?: AuthorizationCheck['desk'];
  /** How this partner reads the desk's ledger (heads, rows, proofs); by default at the desk's origin. */
  readonly deskLedger?: AskDesk;
}

export interface PartnerServer<D> {
  readonly site: PartnerSite<D>;
  readonly publicKey: string;
  /** The operator's say over this partner's staff (`npm start`'s setup link, `npm run people`). */
  readonly people: SitePeopleOperator;
  /** The operator's reset, from the server's console (the browser tests' control port): no page reaches it. */
  operatorReset(): Promise<void>;
  routes(app: Hono): void;
  close(): Promise<void>;
}

type Body = Record<string, unknown>;

/** The book a log position ("book:seq") is in. */
const bookNumber = (position: string): number => Number(position.split(':')[0]) || 0;

async function bodyOf(c: Context): Promise<Body | null> {
  if (!(c.req.header('content-type') ?? '').startsWith('application/json')) return null;
  const body: unknown = await c.req.json().catch(() => null);
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Body) : null;
}

const badBody = (c: Context) =>
  c.json(
    refusal('MALFORMED_REQUEST', 'The request must be a JSON object sent as application/json. Nothing was changed.'),
    400,
  );

export async function openPartnerServer<D, E>(
  definition: PartnerDefinition<D, E>,
  options: PartnerServerOptions,
): Promise<PartnerServer<D>> {
  const { db } = options;
  await migrate(db, MIGRATIONS);
  const key = await partnerSigningKey(db);
  const log = databaseSiteLog(db, {
    onAppend: async (tx, book, entry) => {
      const written = entry as unknown as {
        readonly kind: string;
        readonly args?: JsonObject;
        readonly receipt?: { readonly id: string };
      };
      if (written.kind === 'write' && written.args?.[AUTHORIZATION_FIELD] !== undefined)
        await recordAuthorizationUse(tx, book, written.args[AUTHORIZATION_FIELD], written.receipt?.id ?? '');
    },
  });
  const now = options.now ?? (() => new Date());
  const desk = options.desk ?? deskFromItsOrigin(process.env);
  const site = await openPartnerSite(definition, { log, sign: (receipt) => signCanonical(key, receipt), now });

  /** The write this site recorded for step `step` of the plan with this digest. */
  // The write of one approval's step (a new approval of the same plan is another run of it).
  const stepWrite = (planDigest: string, approval: string, step: number) =>
    site.state.peek().served.find((served) => {
      const decoded = decodeStepAuthorization(served.args[AUTHORIZATION_FIELD]);
      return (
        decoded.ok &&
        decoded.authorization.grant.kind === 'step' &&
        decoded.authorization.grant.plan_digest === planDigest &&
        decoded.authorization.grant.approval === approval &&
        decoded.authorization.grant.step === step
      );
    });
  const reads = new Map(definition.reads.map((spec) => [spec.name, spec]));
  const writes = new Map(definition.writes.map((spec) => [spec.name, spec]));
  const compensations = compensationsOf(definition);
  const origin = SITES[definition.site].origin;
  const acts = new Map(definition.staff.map((act) => [act.name, act]));
  const staffSite = partnerPeople(definition.site, definition.organisation);
  const staff = staffPeople(db, staffSite);
  /** A reset's statement names the book it closes: one confirmed after another reset resets nothing. */
  const bookSubject = async () => `book ${bookNumber(await log.position())}`;
  /** A change of stock's statement is the change itself (RFC 8785 JSON): what is signed is what is done. */
  const changeSubject = (act: string, input: unknown) => canonicalJson({ act, input: input ?? {} });

  const listeners = new Set<(position: string) => void>();
  const stopListening = await db.listen(LOG_CHANNEL, (position) => {
    for (const listener of [...listeners]) listener(position);
  });
  // A refusal leaves the position where it was, so its event names the refusal too: a page
  // refreshes on any event that is not the position it holds, and reads the refusals afresh.
  const stopHearingRefusals = await db.listen(REFUSALS_CHANNEL, (id) => {
    void log.position().then((position) => {
      for (const listener of [...listeners]) listener(`${position} refusal ${id}`);
    });
  });
  const audits = deskAudit({
    db,
    partner: definition.site,
    desk,
    ask: options.deskLedger ?? askDeskAtItsOrigin,
    now,
    book: async () => bookNumber(await log.position()),
    served: () => site.state.peek().served,
  });
  // An audit's outcome is announced like a refusal: the record's position does not move.
  const stopHearingAudits = await db.listen(DESK_AUDITS_CHANNEL, (id) => {
    void log.position().then((position) => {
      for (const listener of [...listeners]) listener(`${position} audit ${id}`);
    });
  });
  audits.onStart();
  const feed = {
    subscribe(listener: (position: string) => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    position: () => log.position(),
  };

  // A read, answered from the record as it stands and signed: what the desk records of a partner's
  // answer is then this server's word, which no page can make up.
  async function read(c: Context): Promise<Response> {
    const tool = c.req.param('tool') ?? '';
    const body = await bodyOf(c);
    if (!body) return badBody(c);
    const spec = reads.get(tool);
    if (!spec)
      return c.json(refusal('UNKNOWN_TOOL', `This site has no read named ${tool}. Nothing was read.`, { tool }), 404);
    const input = body['input'] ?? {};
    const invalid = await validateInput(tool, spec.inputSchema(site.state.peek()), input);
    if (invalid) return c.json(invalid, 422);
    const answer = await site.read(tool, input as JsonObject);
    if (!answer.ok) return c.json(answer);
    const reading = await readingOf(tool, input as JsonObject, answer, now().toISOString());
    return c.json({
      ...answer,
      [READING_FIELD]: { ...reading, signature: signCanonical(key, readingStatement(reading)) },
    });
  }

  async function write(c: Context): Promise<Response> {
    const tool = c.req.param('tool') ?? '';
    const body = await bodyOf(c);
    if (!body) return badBody(c);
    const spec = writes.get(tool);
    if (!spec)
      return c.json(
        refusal('UNKNOWN_TOOL', `This site has no write named ${tool}. Nothing was changed.`, { tool }),
        404,
      );
    const caller = CALLERS.includes(body['caller'] as Caller) ? (body['caller'] as Caller) : 'agent';
    const channel: Channel =
      typeof body['channel'] === 'string' && CHANNEL.test(body['channel']) ? body['channel'] : 'webmcp';
    const input = body['input'];
    // The server checks the input itself, against the tool's schema for the state it holds.
    const invalid = await validateInput(tool, withEnvelope(spec.inputSchema(site.state.peek())), input);
    if (invalid) return c.json(invalid, 422);
    const args = input as JsonObject & WriteEnvelope;
    // The desk as this write's authorization is checked against, asked once: the head kept with
    // the write is verified under the same key.
    let deskAsked: ReturnType<typeof desk> | undefined;
    const deskForThisWrite = () => (deskAsked ??= desk());
    // Asked before the write's transaction, never inside it: the sites `npm start` serves share one
    // embedded database, which runs one transaction at a time, so a transaction waiting on the
    // desk's answer would wait on the desk, and the desk on it.
    if (args[AUTHORIZATION_FIELD] !== undefined) await deskForThisWrite();
    let book = 0;
    const answer = await site.write({
      tool,
      input: args,
      caller,
      channel,
      // A caller that gives up before the commit changes nothing; one that gives up after it is
      // answered by the record (ask by idempotency key).
      signal: c.req.raw.signal,
      admit: async (admitted) => {
        const tx = log.within();
        book = bookNumber(await log.position());
        const checked = await checkAuthorization({
          tool,
          args: admitted,
          origin,
          compensations,
          now: now(),
          desk: deskForThisWrite,
          tx,
          book,
          stepWrite,
        });
        if (!checked.ok)
          await db.notify(
            REFUSALS_CHANNEL,
            await recordRefusal(tx, {
              tool,
              code: checked.refusal.code,
              reason: checked.refusal.message,
              request: admitted.request,
              channel,
              book,
            }),
            tx,
          );
        return checked;
      },
    });
    // What the desk's ledger was when it authorized this write, kept for later checks of it. The
    // write is committed and its receipt signed: the answer does not wait for the desk's ledger
    // (the audit waits for a head still being kept, and names a receipt whose head never was).
    const written = answer as {
      readonly ok: boolean;
      readonly replayed?: boolean;
      readonly receipt?: { readonly id: string };
    };
    if (written.ok && !written.replayed && written.receipt && args[AUTHORIZATION_FIELD] !== undefined) {
      void audits.keepHead(written.receipt.id, { book, desk: deskForThisWrite });
      audits.afterWrite();
    }
    return c.json(answer, answer.ok ? 200 : 409);
  }

  return {
    site,
    publicKey: key.publicKey,
    people: peopleOperator(db, staffSite),
    operatorReset: () => site.reset('the operator'),
    routes(app) {
      // Who this partner is, what it offers a desk, and how to check its receipts: its manifest,
      // made from its definition, read by the desk and by anyone.
      app.get(PARTNER_MANIFEST_PATH, async (c) => {
        await site.catchUp();
        c.header('Access-Control-Allow-Origin', '*');
        return c.json(partnerManifest(definition, site.state.peek(), key.publicKey));
      });
      app.get('/api/record', async (c) => {
        await site.catchUp();
        const { entries, position } = await log.read();
        return c.json({
          ok: true,
          position,
          entries,
          closedBooks: site.closedBooks.peek(),
          notice: site.notice.peek(),
          refusals: await recentRefusals(db, bookNumber(position)),
          deskAudits: await audits.recent(bookNumber(position)),
        });
      });
      app.get('/api/events', (c) => changeStream(c, feed));
      app.post('/api/reads/:tool', read);
      app.post('/api/writes/:tool', write);
      // What happened under an idempotency key, so a caller whose answer was lost learns the truth.
      app.get('/api/writes/by-key/:key', async (c) => {
        await site.catchUp();
        const served = site.state.peek().keys.get(c.req.param('key'));
        return c.json(served ? { ok: true, found: true, write: served } : { ok: true, found: false });
      });
      // The desk says a run is over (server to server, signed with the desk's key): from now no
      // write or undo under that approval is taken here, whatever its authorization's deadline.
      app.post(RUN_CLOSED_PATH, bodyLimit({ maxSize: 4096, onError: (c) => badBody(c) }), async (c) => {
        const body = await bodyOf(c);
        if (!body) return badBody(c);
        const known = await desk();
        if (!known.ok)
          return c.json(
            refusal(
              'DESK_UNREACHABLE',
              `The desk could not be asked for its key (${known.reason}). Nothing was recorded.`,
            ),
            503,
          );
        const closure = await verifiedRunClosure(body, known.trustedKey);
        if (!closure || closure.desk_origin !== known.record.origin)
          return c.json(
            refusal(
              'RUN_CLOSURE_INVALID',
              "That is not a run's end signed by the desk this site trusts. Nothing was recorded.",
            ),
            403,
          );
        await db.query(
          'INSERT INTO partner_closed_runs (challenge, approval, plan_digest, outcome, closed_at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (challenge) DO NOTHING',
          [closure.challenge, closure.approval, closure.plan_digest, closure.outcome, closure.closed_at],
        );
        return c.json({ ok: true, closed: closure.approval });
      });
      peopleRoutes(app, db, staff, bodyOf, badBody);
      // A change of the week's stock is held as a statement for the staff member's passkey first.
      app.post('/api/staff/:act/options', async (c) => {
        const body = await bodyOf(c);
        if (!body) return badBody(c);
        const by = await staff.current(c);
        if (!by) return staff.signInRequired(c);
        const act = acts.get(c.req.param('act'));
        if (!act?.changesStock)
          return refused(
            c,
            refusal('NO_PASSKEY_ACT', 'That staff action takes no passkey here. Nothing was changed.', {
              act: c.req.param('act'),
            }),
            404,
          );
        return staff.propose(c, by, 'stock_change', changeSubject(act.name, body['input']));
      });
      // A staff act: a signed-in staff member; a change of stock, their passkey over exactly it.
      app.post('/api/staff/:act', async (c) => {
        const body = await bodyOf(c);
        if (!body) return badBody(c);
        const by = await staff.current(c);
        if (!by) return staff.signInRequired(c);
        const name = c.req.param('act');
        let input =
          typeof body['input'] === 'object' && body['input'] !== null ? (body['input'] as Record<string, unknown>) : {};
        if (acts.get(name)?.changesStock) {
          const confirmed = await db.transaction((tx) => staff.confirm(tx, 'stock_change', body['response'], by));
          if (!confirmed.ok) return refused(c, confirmed, 403);
          const signed = JSON.parse(confirmed.statement.subject) as { act: string; input: Record<string, unknown> };
          if (signed.act !== name)
            return refused(
              c,
              refusal('STATEMENT_MISMATCH', 'Your passkey confirmed a different change. Nothing was changed.'),
              403,
            );
          // The change done is the one the passkey signed, whatever this request's body says.
          input = signed.input;
        }
        const answer = await site.staff(name, input, by.id);
        return c.json(answer, answer.ok ? 200 : 409);
      });
      // The staff's "Check the desk's record": JSON only, like the reset, so no other page sends it unasked.
      app.post('/api/desk-audit', async (c) => {
        if (!(await bodyOf(c))) return badBody(c);
        return c.json({ ok: true, audit: await audits.run() });
      });
      // "Reset this site's data": a signed-in staff member asks, and their passkey confirms the
      // statement naming the book it closes. A session alone resets nothing.
      app.post('/api/reset/options', async (c) => {
        if (!(await bodyOf(c))) return badBody(c);
        const by = await staff.current(c);
        if (!by) return staff.signInRequired(c);
        return staff.propose(c, by, 'reset', await bookSubject());
      });
      app.post('/api/reset', async (c) => {
        const body = await bodyOf(c);
        if (!body) return badBody(c);
        const by = await staff.current(c);
        if (!by) return staff.signInRequired(c);
        const confirmed = await db.transaction((tx) => staff.confirm(tx, 'reset', body['response'], by));
        if (!confirmed.ok) return refused(c, confirmed, 403);
        if (confirmed.statement.subject !== (await bookSubject()))
          return refused(
            c,
            refusal(
              'STATEMENT_MISMATCH',
              "This site's data was reset since your passkey was asked; that reset is done. Nothing more was changed.",
            ),
            409,
          );
        await site.reset(by.id);
        return c.json({ ok: true });
      });
    },
    async close() {
      await audits.close();
      site.dispose();
      await stopHearingAudits();
      await stopListening();
      await stopHearingRefusals();
      await log.close();
    },
  };
}

// The board's server over HTTP, on PGlite (and on PostgreSQL, its write path under concurrency):
// every act a signed-in editor's page asks for is decided here, on the board the record holds, and
// written only if it is in order; a write bound to a frame that is no longer current is refused and
// writes nothing. Editors enrol with the operator's setup link or an editor's invitation, which
// takes the inviting editor's passkey. Requests are real Hono requests to the site's app, its
// request guard included; passkeys are software authenticators verified by @simplewebauthn/server.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { signingKeyFrom } from '@warrant/authority';
import { softwarePasskey, type SoftwarePasskey } from '@warrant/authority/testing';
import { SITES } from '@warrant/config';
import { GENESIS, jsonLogFormat, verifyTreeHead, type SignedTreeHead } from '@warrant/ledger';
import { siteApp, type Database, type SiteServer } from '@warrant/site-server';
import { appTestEngines } from '@warrant/site-server/testing';
import { BOARD_API } from '../api/board-api.ts';
import type { BoardState } from '../domain/state.ts';
import { openServer } from '../server.ts';

const BOARD = SITES.board;
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
/** A ledger entry as the export gives it: its number, kind, act, who made it (and for whom). */
type Entry = {
  seq: number;
  kind: 'act' | 'editors';
  act: string;
  actor?: string;
  editor: { name: string };
  by?: { name: string } | null;
};
type LedgerHeadAnswer = { ok: boolean; book: number; chain: string; signed: SignedTreeHead; code?: string };

/** A published version as the history route answers it. */
type Published = {
  version: number;
  reviewId: string;
  fields: Record<string, string>;
  changes: Array<{ fieldId: string; before: string; after: string }>;
  acceptedBy: { id: string; name: string };
  passkey: string;
  publishedAt: string;
  entry: number | null;
};
const RP_ID = new URL(BOARD.origin).hostname;
const codeOf = (url: string) => new URL(url).hash.replace(/^#enrol=/, '');
const ON_POSTGRES = [
  'decides concurrent acts on one frame one after the other: one wins, the other writes nothing',
  'publishes a review accepted twice at once only once',
  "appends an act's entry in the act's own transaction: a change that fails after its entry leaves none, and an entry that cannot be appended fails the change",
];
const REASON = 'The brief moves the launch to 6 October.';

type Answer = {
  ok: boolean;
  versions?: Published[];
  code?: string;
  state?: BoardState;
  position?: { book: number; seq: number };
  result?: Record<string, unknown>;
  details?: Record<string, unknown>;
};

describe.each(appTestEngines(inject('pgliteRoot'), inject('postgresUrl'), it, ON_POSTGRES))(
  "the board's server on %s",
  (_engine, open, it) => {
    let db: Database;
    let server: SiteServer;
    let app: Hono;
    /** The first editor's session cookie. */
    let editor: string;
    let editorPasskey: SoftwarePasskey;

    beforeEach(async () => {
      db = await open();
      server = await openServer(db);
      app = siteApp({ site: BOARD, distDir: null, routes: (routes) => server.routes(routes) });
      const link = await server.people?.setupLink();
      const first = await enrol(codeOf(link?.url ?? ''), 'Ines');
      expect(first.answer.body).toMatchObject({ ok: true, editor: { name: 'Ines' } });
      editor = first.cookie;
      editorPasskey = first.passkey;
    });
    afterEach(async () => {
      await server.close();
      await db.close();
    });

    async function call(method: 'GET' | 'POST', path: string, body?: unknown, origin = BOARD.origin, cookie = '') {
      const response = await app.request(path, {
        method,
        headers: {
          ...(cookie ? { cookie } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json', origin }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const cookieSet = (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
      // A change the database refused mid-transaction is the server's failure: a 500, not JSON.
      const text = await response.text();
      const answer = (response.status === 500 ? { ok: false } : JSON.parse(text)) as Answer;
      return { status: response.status, body: answer, cookie: cookieSet };
    }
    const act = (asked: object, origin?: string, cookie = editor) =>
      call('POST', '/api/board/acts', asked, origin, cookie);

    async function enrol(link: string | null, name: string) {
      const passkey = softwarePasskey();
      const options = await call('POST', '/api/people/enrol/options', { name, link });
      const challenge = (options.body as { options?: { challenge?: string } }).options?.challenge;
      if (!challenge) return { answer: options, passkey, cookie: '' };
      const answer = await call('POST', '/api/people/enrol', {
        response: passkey.register(challenge, BOARD.origin, RP_ID),
      });
      return { answer, passkey, cookie: answer.cookie };
    }

    /** A grant (a frame, an expansion granted, a review accepted): its statement, and the editor's passkey over it. */
    const grant = (asked: Record<string, unknown>, cookie = editor, passkey = editorPasskey) =>
      withPasskey('/api/board/grants', asked, cookie, passkey);

    /** Asks for `path`'s statement as the editor of `cookie`, and answers it with `passkey`. */
    async function withPasskey(path: string, body: Record<string, unknown>, cookie: string, passkey: SoftwarePasskey) {
      const proposed = await call('POST', `${path}/options`, body, BOARD.origin, cookie);
      const challenge = (proposed.body as { options?: { challenge?: string } }).options?.challenge;
      if (!challenge) return proposed;
      return call(
        'POST',
        path,
        { ...body, response: passkey.assert(challenge, BOARD.origin, RP_ID) },
        BOARD.origin,
        cookie,
      );
    }
    /** A second editor, invited by the first with her passkey and enrolled with his own. */
    async function invitedEditor(name: string) {
      const invited = await withPasskey('/api/people/invitations', { name }, editor, editorPasskey);
      const url = (invited.body as { invitation?: { url?: string } }).invitation?.url ?? '';
      const enrolled = await enrol(codeOf(url), name);
      return { cookie: enrolled.cookie, passkey: enrolled.passkey };
    }
    const board = async () => (await call('GET', '/api/board')).body;
    const rows = async () => (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM board_acts'))[0]?.n;

    const published = async () => (await call('GET', '/api/board/published')).body;
    const entryCount = async () =>
      (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM board_ledger'))[0]?.n ?? 0;
    /** The ledger as a page saves it: the file's text and its entries. */
    async function exported() {
      const response = await app.request(BOARD_API.ledgerExport.path);
      const text = await response.text();
      const entries = response.ok
        ? text
            .split('\n')
            .slice(1, -1)
            .map((line) => JSON.parse(line) as Entry)
        : [];
      return { status: response.status, text, entries, disposition: response.headers.get('content-disposition') };
    }
    const ledgerHead = async () => (await call('GET', BOARD_API.ledgerHead.path)).body as unknown as LedgerHeadAnswer;
    const publications = async () =>
      (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM board_publications'))[0]?.n;

    /** Frames `field` (with the editor's passkey), has the agent write `value` there, and submits: the review's id. */
    async function reviewOf(field: string, value: string, cookie = editor, passkey = editorPasskey) {
      const framed = await grant({ act: 'frame_fields', ids: [field] }, cookie, passkey);
      const basis = { generation: framed.body.state?.generation, scopeVersion: framed.body.state?.scopeVersion };
      await act({ act: 'edit_scoped_fields', basis, updates: { [field]: value } }, BOARD.origin, cookie);
      const submitted = await act({ act: 'submit_changes_for_review', basis }, BOARD.origin, cookie);
      return submitted.body.result?.['reviewId'] as string;
    }

    it('starts a board on a new database, decides a frame and a write under it, and keeps each as a row', async () => {
      const fresh = await board();
      expect(fresh).toMatchObject({ ok: true, position: { book: 1, seq: 0 } });
      expect(fresh.state?.scopeVersion).toBe(0);
      const framed = await grant({ act: 'frame_fields', ids: ['headline'] });
      expect(framed).toMatchObject({
        status: 200,
        body: { ok: true, result: { code: 'SCOPE_UPDATED', scopeVersion: 1 } },
      });
      const edited = await act({
        act: 'edit_scoped_fields',
        basis: { generation: 0, scopeVersion: 1 },
        updates: { headline: 'A lamp for the balcony' },
      });
      expect(edited.body).toMatchObject({
        ok: true,
        position: { book: 1, seq: 2 },
        result: { code: 'SCOPED_EDIT_APPLIED' },
      });
      const now = await board();
      expect(now.state?.fields.headline).toBe('A lamp for the balcony');
      expect(now.state?.activity.map((entry) => entry.type)).toEqual([
        'SESSION_READY',
        'SCOPE_CHANGED',
        'AGENT_EDITED',
      ]);
      expect(await rows()).toBe(3);
    });

    it('refuses a write bound to a frame that is no longer current, and writes nothing', async () => {
      await grant({ act: 'frame_fields', ids: ['headline'] });
      await grant({ act: 'frame_fields', ids: ['headline', 'price'] });
      const before = await board();
      const stale = await act({
        act: 'edit_scoped_fields',
        basis: { generation: 0, scopeVersion: 1 },
        updates: { headline: 'Written under v1' },
      });
      expect(stale).toMatchObject({
        status: 409,
        body: {
          ok: false,
          isError: true,
          code: 'SCOPE_STALE',
          details: { expectedScopeVersion: 2, registeredScopeVersion: 1 },
        },
      });
      expect(await board()).toEqual(before);
      expect(await rows()).toBe(3);
      // A frame from before a reset is stale too, whatever its number.
      await act({ act: 'reset' });
      await grant({ act: 'frame_fields', ids: ['headline'] });
      const other = await act({ act: 'submit_changes_for_review', basis: { generation: 0, scopeVersion: 1 } });
      expect(other.body).toMatchObject({ ok: false, code: 'SCOPE_STALE', details: { reset: true } });
    });

    it('decides concurrent acts on one frame one after the other: one wins, the other writes nothing', async () => {
      await grant({ act: 'frame_fields', ids: ['headline'] });
      await act({
        act: 'edit_scoped_fields',
        basis: { generation: 0, scopeVersion: 1 },
        updates: { headline: 'A lamp' },
      });
      const basis = { generation: 0, scopeVersion: 1 };
      // Two requests for more fields at once: one is recorded, the other finds it pending.
      const asked = await Promise.all([
        act({ act: 'request_scope_expansion', basis, fields: ['price'], reason: REASON }),
        act({ act: 'request_scope_expansion', basis, fields: ['audience'], reason: REASON }),
      ]);
      expect(asked.filter((answer) => answer.body.ok)).toHaveLength(1);
      expect(asked.find((answer) => !answer.body.ok)?.body).toMatchObject({ code: 'EXPANSION_PENDING' });
      expect(await rows()).toBe(4);
      // The editor frames v2 while three writes bound to v2 arrive at once with one bound to v1:
      // the v1 write is refused, and of the three submissions exactly one is recorded.
      const framed = await grant({ act: 'frame_fields', ids: ['headline', 'price'] });
      expect(framed.body.result).toMatchObject({ scopeVersion: 2, supersededRequestId: expect.any(String) });
      const v2 = { generation: 0, scopeVersion: 2 };
      const submitted = await Promise.all([
        act({ act: 'submit_changes_for_review', basis: v2 }),
        act({ act: 'submit_changes_for_review', basis }),
        act({ act: 'submit_changes_for_review', basis: v2 }),
        act({ act: 'submit_changes_for_review', basis: v2 }),
      ]);
      expect(submitted.filter((answer) => answer.body.ok)).toHaveLength(1);
      expect(submitted[1]?.body).toMatchObject({ ok: false, code: 'SCOPE_STALE' });
      expect(await rows()).toBe(6);
      expect((await board()).state).toMatchObject({ phase: 'REVIEW', scopeVersion: 2 });
    });

    it('refuses an act that is not one, or holds what no control sends, and writes nothing', async () => {
      const refusedAll = [
        await act({ act: 'publish' }),
        await act({ act: 'frame_fields', ids: ['headline'], by: 'the agent' }),
        await act({ act: 'frame_fields', ids: ['nonsense'] }),
        await act({
          act: 'request_scope_expansion',
          basis: { generation: 0, scopeVersion: 0 },
          fields: ['price'],
          reason: 'Because\u0007 I say so',
        }),
        await act({
          act: 'request_scope_expansion',
          basis: { generation: 0, scopeVersion: 0 },
          fields: ['price'],
          reason: 'x'.repeat(281),
        }),
        await act({
          act: 'edit_scoped_fields',
          basis: { generation: 0, scopeVersion: 0 },
          updates: { headline: 'x'.repeat(81) },
        }),
      ];
      for (const answer of refusedAll)
        expect(answer).toMatchObject({ status: 400, body: { ok: false, isError: true, code: 'MALFORMED_REQUEST' } });
      const outside = await act({
        act: 'edit_scoped_fields',
        basis: { generation: 0, scopeVersion: 0 },
        updates: { price: '9 EUR' },
      });
      expect(outside.body).toMatchObject({ ok: false, code: 'NOT_IN_ORDER' });
      expect(await rows()).toBe(1);
    });

    it('serves exactly the routes its API declares (api/board-api.ts), each at its method', () => {
      const served = app.routes
        .filter((route) => route.path.startsWith('/api/board') && route.method !== 'ALL')
        .map((route) => `${route.method} ${route.path}`);
      const declared = Object.values(BOARD_API).map((route) => `${route.method} ${route.path}`);
      expect([...new Set(served)].sort()).toEqual(declared.sort());
    });

    it('takes acts only from its own page', async () => {
      const foreign = await act({ act: 'frame_fields', ids: ['headline'] }, SITES.desk.origin);
      expect(foreign).toMatchObject({ status: 403, body: { code: 'CROSS_ORIGIN_REFUSED' } });
      expect(await rows()).toBe(1);
    });

    it('keeps its record append-only in the database, and opens a new book on the operator reset', async () => {
      await grant({ act: 'frame_fields', ids: ['headline'] });
      await expect(db.query("UPDATE board_acts SET added = '[]'::jsonb")).rejects.toThrow(/append-only/);
      await expect(db.query('DELETE FROM board_acts')).rejects.toThrow(/append-only/);
      await server.operatorReset?.();
      const fresh = await board();
      expect(fresh).toMatchObject({ position: { book: 2, seq: 0 }, state: { scopeVersion: 0, scope: [] } });
      expect(await rows()).toBe(3);
    });

    it("takes acts only from a signed-in editor's page", async () => {
      const anonymous = await act({ act: 'frame_fields', ids: ['headline'] }, BOARD.origin, '');
      expect(anonymous).toMatchObject({
        status: 401,
        body: { ok: false, isError: true, code: 'EDITOR_SIGN_IN_REQUIRED' },
      });
      const forged = await act({ act: 'frame_fields', ids: ['headline'] }, BOARD.origin, 'warrant_board_editor=forged');
      expect(forged.body).toMatchObject({ code: 'EDITOR_SIGN_IN_REQUIRED' });
      expect(await rows()).toBe(1);
    });

    it("adds an editor only by an editor's invitation, made with their passkey: a session alone adds no one", async () => {
      // No link, or a made-up one: no one enrols.
      expect((await enrol(null, 'Mallory')).answer.body).toMatchObject({ code: 'LINK_REQUIRED' });
      expect((await enrol('A'.repeat(43), 'Mallory')).answer.body).toMatchObject({ code: 'LINK_REQUIRED' });
      // The session asks for the statement, but without the editor's assertion there is no invitation.
      const proposed = await call('POST', '/api/people/invitations/options', { name: 'Omar' }, BOARD.origin, editor);
      expect(proposed.body).toMatchObject({ ok: true });
      const unsigned = await call('POST', '/api/people/invitations', { response: {} }, BOARD.origin, editor);
      expect(unsigned.body).toMatchObject({ ok: false, isError: true });
      const stranger = softwarePasskey();
      const challenge = (proposed.body as { options?: { challenge?: string } }).options?.challenge ?? '';
      const wrongKey = await call(
        'POST',
        '/api/people/invitations',
        { response: stranger.assert(challenge, BOARD.origin, RP_ID) },
        BOARD.origin,
        editor,
      );
      expect(wrongKey.body).toMatchObject({ ok: false, isError: true });
      const withoutSession = await call('POST', '/api/people/invitations/options', { name: 'Omar' });
      expect(withoutSession).toMatchObject({ status: 401, body: { code: 'EDITOR_SIGN_IN_REQUIRED' } });
      expect((await db.query('SELECT id FROM board_editors')).length).toBe(1);

      // With the editor's passkey over the invitation: a link, which enrols Omar once.
      const invited = await withPasskey('/api/people/invitations', { name: 'Omar' }, editor, editorPasskey);
      const url = (invited.body as { invitation?: { url?: string } }).invitation?.url ?? '';
      expect(url).toContain(`${BOARD.origin}/#enrol=`);
      const omar = await enrol(codeOf(url), 'Omar');
      expect(omar.answer.body).toMatchObject({ ok: true, editor: { name: 'Omar' } });
      expect((await enrol(codeOf(url), 'Mallory')).answer.body).toMatchObject({ ok: false });
      expect(await grant({ act: 'frame_fields', ids: ['price'] }, omar.cookie, omar.passkey)).toMatchObject({
        status: 200,
        body: { ok: true },
      });
      const listed = await call('GET', '/api/people', undefined, BOARD.origin, omar.cookie);
      expect((listed.body as { editor?: Array<{ name: string }> }).editor?.map((e) => e.name)).toEqual([
        'Ines',
        'Omar',
      ]);
    });

    it("grants the agent nothing without the editor's passkey over the exact grant, and moves the scope version only with it", async () => {
      // A session alone: framing, granting and accepting are refused, and nothing is written.
      const asSession = await act({ act: 'frame_fields', ids: ['headline'] });
      expect(asSession).toMatchObject({ status: 403, body: { ok: false, isError: true, code: 'PASSKEY_REQUIRED' } });
      // The statement asked for, but answered by no passkey, or another's: nothing.
      const proposed = await call(
        'POST',
        '/api/board/grants/options',
        { act: 'frame_fields', ids: ['headline'] },
        BOARD.origin,
        editor,
      );
      const subject = JSON.parse((proposed.body as { statement?: { subject?: string } }).statement?.subject ?? '{}');
      expect(subject).toEqual({ grant: 'frame_fields', generation: 0, fromScopeVersion: 0, fields: ['headline'] });
      const challenge = (proposed.body as { options?: { challenge?: string } }).options?.challenge ?? '';
      const unanswered = await call(
        'POST',
        '/api/board/grants',
        { act: 'frame_fields', ids: ['headline'], response: {} },
        BOARD.origin,
        editor,
      );
      expect(unanswered.body).toMatchObject({ ok: false, code: 'PASSKEY_REQUIRED' });
      const stranger = await call(
        'POST',
        '/api/board/grants',
        { act: 'frame_fields', ids: ['headline'], response: softwarePasskey().assert(challenge, BOARD.origin, RP_ID) },
        BOARD.origin,
        editor,
      );
      expect(stranger.body).toMatchObject({ ok: false, isError: true });
      // The editor's assertion over one grant does not make another: a frame of other fields is refused.
      const other = await withPasskey(
        '/api/board/grants',
        { act: 'frame_fields', ids: ['headline'] },
        editor,
        editorPasskey,
      );
      expect(other.body).toMatchObject({ ok: true, result: { scopeVersion: 1 } });
      const proposedPrice = await call(
        'POST',
        '/api/board/grants/options',
        { act: 'frame_fields', ids: ['price'] },
        BOARD.origin,
        editor,
      );
      const priceChallenge = (proposedPrice.body as { options?: { challenge?: string } }).options?.challenge ?? '';
      const swapped = await call(
        'POST',
        '/api/board/grants',
        {
          act: 'frame_fields',
          ids: ['description'],
          response: editorPasskey.assert(priceChallenge, BOARD.origin, RP_ID),
        },
        BOARD.origin,
        editor,
      );
      expect(swapped.body).toMatchObject({ ok: false, code: 'GRANT_STALE' });
      expect((await board()).state).toMatchObject({ scope: ['headline'], scopeVersion: 1 });

      // The agent's request is granted only with the passkey; a denial is the session's.
      await act({
        act: 'edit_scoped_fields',
        basis: { generation: 0, scopeVersion: 1 },
        updates: { headline: 'A lamp' },
      });
      await act({
        act: 'request_scope_expansion',
        basis: { generation: 0, scopeVersion: 1 },
        fields: ['price'],
        reason: REASON,
      });
      expect(await act({ act: 'decide_expansion', decision: 'approve' })).toMatchObject({
        status: 403,
        body: { code: 'PASSKEY_REQUIRED' },
      });
      const granted = await grant({ act: 'decide_expansion', decision: 'approve' });
      expect(granted.body).toMatchObject({ ok: true, result: { code: 'EXPANSION_APPROVED', scopeVersion: 2 } });

      // Accepting a review is bound to the review and its digest.
      const submitted = await act({ act: 'submit_changes_for_review', basis: { generation: 0, scopeVersion: 2 } });
      const reviewId = submitted.body.result?.['reviewId'] as string;
      expect(await act({ act: 'decide_review', decision: 'accept', reviewId })).toMatchObject({ status: 403 });
      const stale = await grant({ act: 'decide_review', decision: 'accept', reviewId: 'review_0000' });
      expect(stale.body).toMatchObject({ ok: false, code: 'REVIEW_STALE' });
      const accepted = await grant({ act: 'decide_review', decision: 'accept', reviewId });
      expect(accepted.body).toMatchObject({ ok: true, result: { code: 'REVIEW_ACCEPTED' } });
      expect((await board()).state?.phase).toBe('ACCEPTED');
    });

    it('publishes an accepted review as a version, kept with the editor who accepted it and their passkey', async () => {
      expect(await published()).toEqual({ ok: true, book: 1, versions: [] });
      const omar = await invitedEditor('Omar');
      const first = await reviewOf('headline', 'A lamp for the balcony');
      const accepted = await grant(
        { act: 'decide_review', decision: 'accept', reviewId: first },
        omar.cookie,
        omar.passkey,
      );
      expect(accepted.body).toMatchObject({ ok: true, result: { code: 'REVIEW_ACCEPTED' } });
      expect(await publications()).toBe(1);
      const [only] = (await published()).versions ?? [];
      expect(only).toMatchObject({
        version: 1,
        reviewId: first,
        fields: { headline: 'A lamp for the balcony' },
        changes: [{ fieldId: 'headline', after: 'A lamp for the balcony' }],
        acceptedBy: { name: 'Omar' },
        passkey: omar.passkey.id,
        publishedAt: accepted.body.state?.acceptedAt,
      });
      // What the editor's passkey signed is kept with it: the statement of this acceptance.
      const [kept] = await db.query<{ statement: { act: string; by: string; subject: string } }>(
        'SELECT statement FROM board_publications',
      );
      expect(kept?.statement).toMatchObject({ act: 'accept_review', by: only?.acceptedBy.id });
      expect(JSON.parse(kept?.statement.subject ?? '{}')).toMatchObject({ grant: 'accept_review', reviewId: first });

      // After a reset, a second review: version 2, newest first, with what changed since version 1.
      await act({ act: 'reset' });
      const second = await reviewOf('price', '49 EUR');
      await grant({ act: 'decide_review', decision: 'accept', reviewId: second });
      const history = (await published()).versions ?? [];
      expect(history.map((version) => [version.version, version.acceptedBy.name])).toEqual([
        [2, 'Ines'],
        [1, 'Omar'],
      ]);
      expect(history[0]?.changes.map((change) => change.fieldId).sort()).toEqual(['headline', 'price']);
      expect(history[0]?.changes.find((change) => change.fieldId === 'headline')).toMatchObject({
        before: 'A lamp for the balcony',
      });
      expect(await publications()).toBe(2);
    });

    it('publishes nothing for an acceptance that is refused, or for a review returned to draft', async () => {
      const reviewId = await reviewOf('headline', 'A lamp');
      const refusedAll = [
        await act({ act: 'decide_review', decision: 'accept', reviewId }),
        await grant({ act: 'decide_review', decision: 'accept', reviewId: 'review_0000' }),
        await grant({ act: 'decide_review', decision: 'accept', reviewId }, editor, softwarePasskey()),
      ];
      for (const answer of refusedAll) expect(answer.body).toMatchObject({ ok: false, isError: true });
      // The passkey signed this review; the board moved on before it arrived: it publishes nothing.
      const proposed = await call(
        'POST',
        '/api/board/grants/options',
        { act: 'decide_review', decision: 'accept', reviewId },
        BOARD.origin,
        editor,
      );
      const challenge = (proposed.body as { options?: { challenge?: string } }).options?.challenge ?? '';
      await act({ act: 'decide_review', decision: 'return', reviewId });
      const again = await act({ act: 'submit_changes_for_review', basis: { generation: 0, scopeVersion: 1 } });
      const late = await call(
        'POST',
        '/api/board/grants',
        {
          act: 'decide_review',
          decision: 'accept',
          reviewId: again.body.result?.['reviewId'],
          response: editorPasskey.assert(challenge, BOARD.origin, RP_ID),
        },
        BOARD.origin,
        editor,
      );
      expect(late.body).toMatchObject({ ok: false, code: 'GRANT_STALE' });
      expect((await board()).state?.phase).toBe('REVIEW');
      expect(await publications()).toBe(0);
      expect((await published()).versions).toEqual([]);
    });

    it('publishes a review accepted twice at once only once', async () => {
      const omar = await invitedEditor('Omar');
      const reviewId = await reviewOf('headline', 'A lamp');
      const accept = { act: 'decide_review', decision: 'accept', reviewId };
      // Both editors' passkeys sign the same acceptance; both answers arrive together.
      const statements = await Promise.all(
        [editor, omar.cookie].map((cookie) => call('POST', '/api/board/grants/options', accept, BOARD.origin, cookie)),
      );
      const [ines, other] = statements.map(
        (proposed) => (proposed.body as { options?: { challenge?: string } }).options?.challenge ?? '',
      );
      const answers = await Promise.all([
        call(
          'POST',
          '/api/board/grants',
          { ...accept, response: editorPasskey.assert(ines ?? '', BOARD.origin, RP_ID) },
          BOARD.origin,
          editor,
        ),
        call(
          'POST',
          '/api/board/grants',
          { ...accept, response: omar.passkey.assert(other ?? '', BOARD.origin, RP_ID) },
          BOARD.origin,
          omar.cookie,
        ),
      ]);
      expect(answers.filter((answer) => answer.body.ok)).toHaveLength(1);
      expect(answers.find((answer) => !answer.body.ok)?.body).toMatchObject({ ok: false, isError: true });
      expect(await publications()).toBe(1);
      expect((await published()).versions?.map((version) => version.version)).toEqual([1]);
    });

    it('keeps each act and each change of editors as an entry of its signed, hash-chained ledger, made by whom the server says', async () => {
      const omar = await invitedEditor('Omar');
      const reviewId = await reviewOf('headline', 'A lamp for the balcony');
      // A write bound to a frame that moved on is refused: no act, no entry.
      const before = await entryCount();
      const stale = await act({
        act: 'edit_scoped_fields',
        basis: { generation: 0, scopeVersion: 0 },
        updates: { headline: 'x' },
      });
      expect(stale.body).toMatchObject({ ok: false, code: 'SCOPE_STALE' });
      expect(await entryCount()).toBe(before);
      await grant({ act: 'decide_review', decision: 'accept', reviewId }, omar.cookie, omar.passkey);

      const saved = await exported();
      expect(saved.disposition).toMatch(/^attachment; filename="board-record-1-7-entries\.jsonl"$/);
      expect(
        saved.entries.map((entry) => [
          entry.seq,
          entry.kind,
          entry.act,
          entry.actor ?? entry.by?.name ?? null,
          entry.editor.name,
        ]),
      ).toEqual([
        [1, 'editors', 'enrolled', null, 'Ines'],
        [2, 'editors', 'invited', 'Ines', 'Omar'],
        [3, 'editors', 'enrolled', 'Ines', 'Omar'],
        [4, 'act', 'frame_fields', 'editor', 'Ines'],
        [5, 'act', 'edit_scoped_fields', 'agent', 'Ines'],
        [6, 'act', 'submit_changes_for_review', 'agent', 'Ines'],
        [7, 'act', 'decide_review', 'editor', 'Omar'],
      ]);
      // The published version names the entry that records its acceptance.
      expect((await published()).versions?.[0]).toMatchObject({ version: 1, entry: 7 });
      // The head is signed over exactly these entries, with the board's key.
      const head = await ledgerHead();
      expect(head).toMatchObject({ ok: true, book: 1, signed: { size: 7 } });
      // The board's own key (its public half), kept in its database.
      const [stored] = await db.query<{ secret_key: Uint8Array }>('SELECT secret_key FROM board_signing_key');
      const key = signingKeyFrom(new Uint8Array(stored?.secret_key ?? [])).publicKey;
      expect(verifyTreeHead(head.signed, { key })).toMatchObject({ ok: true });
      await expect(db.query("UPDATE board_ledger SET entry = '{}'")).rejects.toThrow(/append-only/);
      await expect(db.query('DELETE FROM board_ledger')).rejects.toThrow(/append-only/);
    });

    it("appends an act's entry in the act's own transaction: a change that fails after its entry leaves none, and an entry that cannot be appended fails the change", async () => {
      const reviewId = await reviewOf('headline', 'A lamp');
      const acts = await rows();
      const entries = await entryCount();
      // The acceptance's publication is refused by the database after its entry was appended.
      await db.query(`CREATE FUNCTION refuse_insert() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'refused by the test'; END; $$`);
      await db.query(
        'CREATE TRIGGER refuse_publication BEFORE INSERT ON board_publications FOR EACH ROW EXECUTE FUNCTION refuse_insert()',
      );
      const accepted = await grant({ act: 'decide_review', decision: 'accept', reviewId });
      expect(accepted.status).toBe(500);
      expect([await rows(), await entryCount(), await publications()]).toEqual([acts, entries, 0]);
      expect((await board()).state?.phase).not.toBe('ACCEPTED');
      await db.query('DROP TRIGGER refuse_publication ON board_publications');

      // The ledger refuses the entry: the act is not made.
      await db.query(
        'CREATE TRIGGER refuse_entry BEFORE INSERT ON board_ledger FOR EACH ROW EXECUTE FUNCTION refuse_insert()',
      );
      const phase = (await board()).state?.phase;
      const returned = await act({ act: 'decide_review', decision: 'return', reviewId });
      expect(returned.status).toBe(500);
      expect([await rows(), await entryCount()]).toEqual([acts, entries]);
      expect((await board()).state?.phase).toBe(phase);
      // Nor is an editor invited.
      const invited = await withPasskey('/api/people/invitations', { name: 'Omar' }, editor, editorPasskey);
      expect(invited.status).toBe(500);
      expect((await db.query("SELECT * FROM board_editor_links WHERE kind = 'invitation'")).length).toBe(0);
      await db.query('DROP TRIGGER refuse_entry ON board_ledger');
      expect((await act({ act: 'decide_review', decision: 'return', reviewId })).status).toBe(200);
      expect(await entryCount()).toBe(entries + 1);
    });

    it('exports its ledger, which `warrant-ledger verify` checks against the signed head; a row rewritten in the database behind the server fails', async () => {
      await reviewOf('headline', 'A lamp for the balcony');
      const head = await ledgerHead();
      const saved = await exported();
      const folder = mkdtempSync(join(tmpdir(), 'board-ledger-'));
      const verify = (record: string, signed: SignedTreeHead) => {
        writeFileSync(join(folder, 'record.jsonl'), record);
        writeFileSync(join(folder, 'head.json'), JSON.stringify(signed, null, 2));
        const args = ['--no-install', 'warrant-ledger', 'verify', join(folder, 'record.jsonl')];
        return spawnSync('npx', [...args, '--head', join(folder, 'head.json'), '--key', signed.key], {
          cwd: ROOT,
          encoding: 'utf8',
        });
      };
      try {
        const good = verify(saved.text, head.signed);
        expect(good.stdout).toMatch(
          /^OK .*\/record\.jsonl: 4 rows verify: the chain holds, and rows 1 to 4 match the head/,
        );
        expect(good.status).toBe(0);

        // Someone with the database rewrites the agent's write: the server no longer signs its ledger.
        await db.query('ALTER TABLE board_ledger DISABLE TRIGGER board_ledger_append_only');
        await db.query(
          "UPDATE board_ledger SET entry = replace(entry, 'A lamp for the balcony', 'A lamp for the garden') WHERE seq = 3",
        );
        expect(await exported()).toMatchObject({ status: 409, text: expect.stringContaining('RECORD_BROKEN') });
        expect(await ledgerHead()).toMatchObject({ ok: false, code: 'RECORD_BROKEN' });

        // And one who chains the rewritten rows anew gets a head signed over them, but the head an
        // editor saved before fails against the record now exported.
        const stored = await db.query<{ seq: number; entry: string }>(
          'SELECT seq, entry FROM board_ledger ORDER BY seq',
        );
        const chain = jsonLogFormat<unknown>(() => null);
        let prev = GENESIS;
        for (const row of stored) {
          const sealed = chain.seal(JSON.parse(row.entry), { seq: row.seq, prev });
          if (!sealed.ok) throw new Error('unsealable');
          prev = sealed.head;
          await db.query('UPDATE board_ledger SET head = $1 WHERE seq = $2', [prev, row.seq]);
        }
        const rewritten = await exported();
        expect(rewritten.status).toBe(200);
        const caught = verify(rewritten.text, head.signed);
        expect(caught.status).toBe(1);
        expect(caught.stderr).toMatch(
          /^FAIL .*\/record\.jsonl \(rewritten\): Rows 1 to 4 do not hash to the root of the head/,
        );
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    });

    it("keeps published versions append-only, and an operator reset's new book starts with none, the earlier book's kept", async () => {
      const reviewId = await reviewOf('headline', 'A lamp');
      await grant({ act: 'decide_review', decision: 'accept', reviewId });
      await expect(db.query("UPDATE board_publications SET review_id = 'review_x'")).rejects.toThrow(/append-only/);
      await expect(db.query('DELETE FROM board_publications')).rejects.toThrow(/append-only/);
      await server.operatorReset?.();
      expect(await published()).toEqual({ ok: true, book: 2, versions: [] });
      expect(await publications()).toBe(1);
    });
  },
);

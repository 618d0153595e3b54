// The cross-origin attacks measured on the desk (issue 30), as a page of another origin sends
// them: a `no-cors` POST from another localhost port that removed a dispatcher, and requests from
// 127.0.0.1 that rejected a pending approval and ended a dispatcher's session. Every localhost
// port is one site to the browser, so the SameSite=Strict cookie goes with them. Each is refused
// and changes nothing; the same request from the desk's own page still works. The real desk
// server behind siteApp, over HTTP, on PGlite; the passkey is a software authenticator.
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { softwarePasskey } from '@warrant/authority/testing';
import { SITES } from '@warrant/config';
import { listen, openPgliteDatabase, siteApp, type Database, type RunningServer } from '@warrant/site-server';
import { freshName, rawRequest, type RawAnswer } from '@warrant/site-server/testing';
import { openDeskServer } from '../server.ts';
import { setupLinkCode } from '../testing/desk-people.ts';
import { discoveredLeaseEvents, draftedPlanEvent, takenRequestEvent } from '../testing/test-approvals.ts';

const DESK = SITES.desk;
const RP_ID = new URL(DESK.origin).hostname;
const json = { 'content-type': 'application/json' };
// What a page elsewhere sends: fetch(url, { method: 'POST', mode: 'no-cors', credentials: 'include' }).
const noCors = (origin: string, cookie: string) => ({
  origin,
  'sec-fetch-site': 'same-site',
  'sec-fetch-mode': 'no-cors',
  'content-type': 'text/plain;charset=UTF-8',
  cookie,
});
const ANOTHER_PORT = `http://localhost:${DESK.port + 1000}`;
const LOOPBACK = `http://127.0.0.1:${DESK.port}`;
const OWN_PAGE = { origin: DESK.origin, 'sec-fetch-site': 'same-origin' };

describe("the desk's state-changing routes, from a page of another origin", () => {
  let db: Database;
  let close: () => Promise<void>;
  let port: number;
  let cookie: string;
  let dispatcher: string;

  const call = (path: string, headers: Record<string, string> = {}, body?: unknown): Promise<RawAnswer> =>
    rawRequest(port, {
      method: body === undefined && !path.startsWith('/api/') ? 'GET' : 'POST',
      path,
      headers: { ...json, ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const read = (path: string, headers: Record<string, string> = {}) =>
    rawRequest(port, { method: 'GET', path, headers });

  /** Drafts a plan for `request` in the desk's record and has the server raise its approval, from the desk's own page. */
  async function raise(request: string): Promise<{ challenge: string; id: string }> {
    const plan = `P-${request.slice(2)}`;
    const drafted = await call(
      '/api/logs/state/append',
      { ...OWN_PAGE, cookie },
      {
        writer: 'feedbeef0001',
        basis: (await read('/api/logs/state', { cookie })).body['head'],
        // In order, as a page stores it: the request taken in, the pantry's tools discovered, the plan.
        records: [
          takenRequestEvent(request, { id: dispatcher, name: 'Ada' }),
          ...discoveredLeaseEvents(request, 'pantry', Number(request.slice(2)), ['reserve_parcels']),
          draftedPlanEvent(plan, {
            v: 1,
            request,
            steps: [{ origin: SITES.pantry.origin, tool: 'reserve_parcels', args: { parcels: 1 } }],
          }),
        ],
      },
    );
    expect(drafted.body).toMatchObject({ ok: true });
    const raised = await call('/api/approvals', { ...OWN_PAGE, cookie }, { plan });
    expect(raised.body).toMatchObject({ ok: true });
    return { challenge: raised.body['challenge'] as string, id: (raised.body['approval'] as { id: string }).id };
  }

  beforeAll(async () => {
    db = await openPgliteDatabase({ dataDir: join(inject('pgliteRoot'), freshName()) });
    const server = await openDeskServer(db);
    const running: RunningServer = await listen(
      siteApp({ site: DESK, distDir: null, routes: (app) => server.routes(app) }),
      { port: 0, host: '127.0.0.1' },
    );
    port = (running.server.address() as AddressInfo).port;
    close = async () => {
      await running.close();
      await server.close();
      await db.close();
    };
    // A dispatcher enrols from the desk's own page, and is signed in.
    const passkey = softwarePasskey();
    const options = await call('/api/dispatchers/options', OWN_PAGE, {
      name: 'Ada',
      link: await setupLinkCode(server),
    });
    const challenge = (options.body['options'] as { challenge: string }).challenge;
    const enrolled = await call('/api/dispatchers', OWN_PAGE, {
      response: passkey.register(challenge, DESK.origin, RP_ID),
    });
    expect(enrolled.body).toMatchObject({ ok: true });
    dispatcher = (enrolled.body['dispatcher'] as { id: string }).id;
    cookie = String(enrolled.headers['set-cookie']?.[0] ?? '').split(';')[0] ?? '';
    expect(cookie).not.toBe('');
  });
  afterAll(() => close());

  const signedIn = async () => (await read('/api/session', { cookie })).body['dispatcher'];

  it('refuses a no-cors POST from another localhost port that would remove a dispatcher; the dispatcher stays', async () => {
    for (const from of [ANOTHER_PORT, LOOPBACK]) {
      const answer = await rawRequest(port, {
        path: `/api/dispatchers/${dispatcher}/remove`,
        headers: noCors(from, cookie),
      });
      expect(answer.status).toBe(403);
      expect(answer.body).toMatchObject({ ok: false, isError: true, code: 'CROSS_ORIGIN_REFUSED' });
    }
    expect(await signedIn()).toMatchObject({ id: dispatcher, name: 'Ada' });
    expect((await read('/api/session')).body['dispatchers']).toBe(1);
  });

  it("refuses a reject from 127.0.0.1 and from another port; the approval stays pending, and the desk's own page can still reject it", async () => {
    const { challenge, id } = await raise('R-901');
    for (const from of [LOOPBACK, ANOTHER_PORT]) {
      const answer = await call(
        `/api/approvals/${challenge}/reject`,
        { origin: from, 'sec-fetch-site': 'same-site', cookie },
        {},
      );
      expect(answer).toMatchObject({ status: 403, body: { code: 'CROSS_ORIGIN_REFUSED' } });
    }
    expect((await read(`/api/approvals/${challenge}`)).body['status']).toBe('pending');
    const own = await call(`/api/approvals/${challenge}/reject`, { ...OWN_PAGE, cookie }, {});
    expect(own.body).toMatchObject({ ok: true, rejected: id });
    expect((await read(`/api/approvals/${challenge}`)).body['status']).toBe('rejected');
  });

  it("refuses ending a dispatcher's session from 127.0.0.1; the session stays valid", async () => {
    for (const headers of [noCors(LOOPBACK, cookie), { 'sec-fetch-site': 'cross-site', cookie }]) {
      const answer = await rawRequest(port, { path: '/api/session/end', headers });
      expect(answer).toMatchObject({ status: 403, body: { code: 'CROSS_ORIGIN_REFUSED' } });
      expect(answer.headers['set-cookie']).toBeUndefined();
    }
    expect(await signedIn()).toMatchObject({ id: dispatcher });
  });

  it('refuses a reset from another port; the book stays, and every approval with it', async () => {
    const { challenge } = await raise('R-902');
    const answer = await call('/api/reset', { origin: ANOTHER_PORT, cookie }, {});
    expect(answer).toMatchObject({ status: 403, body: { code: 'CROSS_ORIGIN_REFUSED' } });
    expect((await read(`/api/approvals/${challenge}`)).body['status']).toBe('pending');
  });
});

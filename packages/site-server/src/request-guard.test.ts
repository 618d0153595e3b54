// The guard every site's server puts before its routes (siteApp), over real HTTP: a state-changing
// request from another origin is refused before its route runs; one from the site's own page, or
// from no browser page, reaches the route; a body that is not JSON, too large (declared or
// chunked) or nested too deeply is refused before it is read or parsed, in the refusal shape.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insecureOriginOf, SITES } from '@warrant/config';
import { MAX_JSON_DEPTH } from './json-depth.ts';
import { acceptsBody, API_BODY_LIMIT_BYTES } from './request-guard.ts';
import { listen, type RunningServer } from './serve.ts';
import { siteApp } from './site-app.ts';
import { rawRequest } from './testing.ts';

const SITE = SITES.pantry;
const LARGER_LIMIT = 256 * 1024;
const json = { 'content-type': 'application/json' };
const nested = (depth: number): string => `${'['.repeat(depth)}${']'.repeat(depth)}`;

function serve(withTestSites = false) {
  const reached: string[] = [];
  const app = siteApp({
    site: SITE,
    distDir: null,
    withTestSites,
    routes(app) {
      app.post('/api/change', async (c) => {
        reached.push(await c.req.text());
        return c.json({ ok: true });
      });
      app.post('/api/large', acceptsBody({ maxBytes: LARGER_LIMIT }), async (c) => {
        reached.push(await c.req.text());
        return c.json({ ok: true });
      });
      app.get('/api/look', (c) => c.json({ ok: true }));
    },
  });
  return { app, reached };
}

describe('the request guard every site server applies', () => {
  let running: RunningServer;
  let port: number;
  let reached: string[];

  beforeAll(async () => {
    const served = serve();
    reached = served.reached;
    running = await listen(served.app, { port: 0, host: '127.0.0.1' });
    port = (running.server.address() as AddressInfo).port;
  });
  afterAll(() => running.close());

  const post = (headers: Record<string, string>, body = '{}', path = '/api/change') =>
    rawRequest(port, { path, headers: { ...json, ...headers }, body });

  it.each([
    ['another localhost port', { origin: SITES.shelter.origin }],
    ['127.0.0.1 on the same port', { origin: `http://127.0.0.1:${SITE.port}` }],
    ['an opaque origin', { origin: 'null' }],
    ['another site, said by Sec-Fetch-Site', { 'sec-fetch-site': 'cross-site' }],
    ['the same site but not the same origin, said by Sec-Fetch-Site', { 'sec-fetch-site': 'same-site' }],
  ])('refuses a change from %s before its route runs', async (_from, headers) => {
    const before = reached.length;
    const answer = await post(headers);
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ ok: false, isError: true, code: 'CROSS_ORIGIN_REFUSED' });
    expect(typeof answer.body['message']).toBe('string');
    expect(reached.length).toBe(before);
  });

  it("passes a change from the site's own page, and one from no browser page, to its route", async () => {
    expect((await post({ origin: SITE.origin, 'sec-fetch-site': 'same-origin' })).status).toBe(200);
    expect((await post({ 'sec-fetch-site': 'same-origin' })).status).toBe(200);
    expect((await post({})).status).toBe(200);
  });

  it('does not stop a read from another origin (a GET changes nothing)', async () => {
    const answer = await rawRequest(port, { method: 'GET', path: '/api/look', headers: { origin: SITES.desk.origin } });
    expect(answer.status).toBe(200);
  });

  it.each([['text/plain'], ['application/x-www-form-urlencoded'], ['multipart/form-data; boundary=x']])(
    'refuses a body sent as %s with 415',
    async (type) => {
      const before = reached.length;
      const answer = await rawRequest(port, { path: '/api/change', headers: { 'content-type': type }, body: '{}' });
      expect(answer.status).toBe(415);
      expect(answer.body).toMatchObject({ ok: false, isError: true, code: 'UNSUPPORTED_MEDIA_TYPE' });
      expect(reached.length).toBe(before);
    },
  );

  it('refuses a body with no Content-Type with 415', async () => {
    const answer = await rawRequest(port, { path: '/api/change', body: '{}' });
    expect(answer.status).toBe(415);
  });

  it('takes application/json with a charset', async () => {
    const answer = await post({ 'content-type': 'application/json; charset=utf-8' });
    expect(answer.status).toBe(200);
  });

  it('refuses a declared Content-Length over the limit at once, without reading the body', async () => {
    const before = reached.length;
    const mebibyte = Buffer.from(`"${'x'.repeat(1024 * 1024)}"`);
    const answers = [];
    for (let sent = 0; sent < 5; sent++)
      answers.push(await rawRequest(port, { path: '/api/change', headers: json, body: mebibyte }));
    for (const answer of answers) {
      expect(answer.status).toBe(413);
      expect(answer.body).toMatchObject({ ok: false, isError: true, code: 'BODY_TOO_LARGE' });
      // The rest of the body is not read to keep the connection: it is closed.
      expect(answer.headers['connection']).toBe('close');
    }
    // The fastest: an answer on a loaded machine (two cores, browser tests beside) may wait on the
    // scheduler; reading a mebibyte is what the limit spares, and it would be in every one.
    expect(Math.min(...answers.map((answer) => answer.ms))).toBeLessThan(50);
    expect(reached.length).toBe(before);
  });

  it('answers a declared Content-Length over the limit while the body has not even been sent', async () => {
    // Ten bytes of a declared mebibyte, and the request held open: only an answer given before
    // reading the body can arrive.
    const answer = await rawRequest(port, {
      path: '/api/change',
      headers: json,
      body: '"xxxxxxxx"',
      declaredLength: 1024 * 1024,
    });
    expect(answer.status).toBe(413);
    expect(answer.body).toMatchObject({ code: 'BODY_TOO_LARGE' });
  });

  it('cuts a chunked body off as soon as it passes the limit, without waiting for its end', async () => {
    // The body never ends: only an answer given as it passes the limit can arrive.
    const answer = await rawRequest(port, {
      path: '/api/change',
      headers: json,
      body: `"${'x'.repeat(API_BODY_LIMIT_BYTES)}`,
      chunked: true,
    });
    expect(answer.status).toBe(413);
    expect(answer.body).toMatchObject({ code: 'BODY_TOO_LARGE' });
  });

  it('takes a body up to the limit', async () => {
    const body = `"${'x'.repeat(API_BODY_LIMIT_BYTES - 2)}"`;
    expect((await post({}, body)).status).toBe(200);
    expect((await rawRequest(port, { path: '/api/change', headers: json, body: `${body} ` })).status).toBe(413);
  });

  it('lets a route declare a larger limit of its own, and holds it to that one', async () => {
    const within = `"${'x'.repeat(LARGER_LIMIT - 2)}"`;
    expect((await post({}, within, '/api/large')).status).toBe(200);
    expect((await post({}, `${within} `, '/api/large')).status).toBe(413);
    expect((await post({}, within)).status).toBe(413);
  });

  it(`refuses JSON nested deeper than ${MAX_JSON_DEPTH} levels with 400, never a 500`, async () => {
    const before = reached.length;
    for (const depth of [MAX_JSON_DEPTH + 1, 10_000]) {
      const answer = await post({}, nested(depth));
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ ok: false, isError: true, code: 'BODY_TOO_DEEP' });
    }
    expect(reached.length).toBe(before);
    expect((await post({}, nested(MAX_JSON_DEPTH))).status).toBe(200);
    // Brackets inside strings are text, not nesting.
    expect((await post({}, JSON.stringify({ text: '['.repeat(1000) }))).status).toBe(200);
  });
});

describe('a server started for the browser tests', () => {
  it('also takes changes from its page on the insecure test host, and still no other', async () => {
    const { app } = serve(true);
    const running = await listen(app, { port: 0, host: '127.0.0.1' });
    const port = (running.server.address() as AddressInfo).port;
    try {
      const from = (origin: string) =>
        rawRequest(port, { path: '/api/change', headers: { ...json, origin }, body: '{}' });
      expect((await from(insecureOriginOf(SITE.name))).status).toBe(200);
      expect((await from(insecureOriginOf('desk'))).status).toBe(403);
    } finally {
      await running.close();
    }
  });
});

// The approval page for another device, as the desk's server writes it: from the approval it
// stores, in words, every value escaped; an unknown approval and a decided one said so; the QR code
// only for an approval the desk holds.
import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import type { PlanSubstance } from '@warrant/broker';
import { SITES } from '@warrant/config';
import type { Database, SiteServer } from '@warrant/site-server';
import { appTestEngines } from '@warrant/site-server/testing';
import { openServer } from '../server.ts';
import { enrolTestDispatcher } from '../testing/dispatcher-session.ts';
import { raiseTestApproval } from '../testing/test-approvals.ts';

const today = (): string => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};

const plan = (kind: string): PlanSubstance => ({
  v: 1,
  request: 'R-1',
  steps: [{ origin: SITES.shelter.origin, tool: 'hold_beds', args: { kind, count: 1, night: today() } }],
});

describe.each(appTestEngines(inject('pgliteRoot'), inject('postgresUrl'), it))(
  'the approval page on %s',
  (_engine, open) => {
    let db: Database;
    let server: SiteServer;
    let app: Hono;
    // The session of the dispatcher whose page asks for approvals (only a signed-in page may).
    let session: string;

    beforeEach(async () => {
      db = await open();
      server = await openServer(db);
      app = new Hono();
      server.routes(app);
      session = (await enrolTestDispatcher(app, server, 'Ada')).cookie;
    });
    afterEach(async () => {
      await server.close();
      await db.close();
    });

    async function raise(substance: PlanSubstance): Promise<string> {
      const raised = await raiseTestApproval(app, { cookie: session }, substance);
      expect(raised).toMatchObject({ ok: true });
      return raised['challenge'] as string;
    }

    it('writes the stored plan in words, with its bytes and digest behind a closed disclosure', async () => {
      const challenge = await raise(plan('family_room'));
      const response = await app.request(`/approve/${challenge}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      const html = await response.text();
      expect(html).toContain('<li>Hold 1 family room for tonight at the shelter</li>');
      expect(html).toContain(`data-challenge="${challenge}"`);
      expect(html).toMatch(/<details class="canonical">/);
      expect(html).toContain('Approve with your passkey');
    });

    it('escapes what the plan carries: a tag in an argument is text, never markup', async () => {
      const challenge = await raise(plan('<img src=x onerror=alert(1)>'));
      const html = await (await app.request(`/approve/${challenge}`)).text();
      expect(html).not.toContain('<img src=x');
      expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    });

    it('says in words that the desk holds no such approval, for an unknown or malformed link', async () => {
      for (const path of [`/approve/${'A'.repeat(43)}`, '/approve/not-a-challenge', '/approve.html']) {
        const response = await app.request(path);
        expect(response.status).toBe(404);
        const html = await response.text();
        expect(html).toContain('The desk holds no such approval');
        expect(html).not.toContain('<button');
      }
    });

    it('says a decided approval is decided, and offers nothing to press', async () => {
      const challenge = await raise(plan('family_room'));
      await app.request(`/api/approvals/${challenge}/reject`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      const html = await (await app.request(`/approve/${challenge}`)).text();
      expect(html).toContain('A-1 was already rejected');
      expect(html).not.toContain('<button');
    });

    it('draws the QR code of the link as SVG, only for an approval the desk holds', async () => {
      const challenge = await raise(plan('family_room'));
      const qr = await app.request(`/approve/${challenge}/qr.svg`);
      expect(qr.status).toBe(200);
      expect(qr.headers.get('content-type')).toBe('image/svg+xml');
      expect(await qr.text()).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
      expect((await app.request(`/approve/${'A'.repeat(43)}/qr.svg`)).status).toBe(404);
    });
  },
);

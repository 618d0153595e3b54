// The page's meeting over the bench's server, in Node: two pages (as two browser profiles) on one
// server, each asking its acts of the server over the site's API and following the server's
// change stream, as the page in a browser does. An act in one reaches the other; two acts decided
// on one head: one is recorded, the other page is told and takes the record as stored.
import type { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, inject, it, vi } from 'vitest';
import { SITES } from '@warrant/config';
import { siteCaller } from '@warrant/site-api';
import { siteApp, type Database, type SiteServer } from '@warrant/site-server';
import { appTestEngines } from '@warrant/site-server/testing';
import { refusal } from '@warrant/surface';
import { createMeeting, type Meeting } from './meeting.ts';
import { openServer } from './server.ts';
import { serverRecord, type Follow } from './server-record.ts';
import { enrolClerk, type TestPerson } from './testing/bench-person.ts';

describe.each(appTestEngines(inject('pgliteRoot'), inject('postgresUrl'), it))(
  "a page's meeting over the bench's server on %s",
  (_engine, open) => {
    let db: Database;
    let server: SiteServer;
    let app: Hono;
    let clerk: TestPerson;
    const stops: Array<() => void> = [];

    beforeEach(async () => {
      db = await open();
      server = await openServer(db);
      app = siteApp({ site: SITES.bench, distDir: null, routes: (routes) => server.routes(routes) });
      clerk = await enrolClerk(app, db);
    });
    afterEach(async () => {
      for (const stop of stops.splice(0)) stop();
      await server.close();
      await db.close();
    });

    /** The server's change stream, read as a page's EventSource reads it. */
    const follow: Follow = (path, listener) => {
      const controller = new AbortController();
      void (async () => {
        const response = await app.request(path, { signal: controller.signal });
        const reader = (response.body as ReadableStream<Uint8Array>).getReader();
        const decoder = new TextDecoder();
        let held = '';
        for (;;) {
          const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
          if (done) return;
          held += decoder.decode(value);
          const events = held.split('\n\n');
          held = events.pop() ?? '';
          for (const event of events) if (event.includes('event: changed')) listener();
        }
      })();
      const stop = () => controller.abort();
      stops.push(stop);
      return stop;
    };

    /** A page of the bench, signed in as the clerk (`cookie` '': nobody signed in). */
    async function page(cookie = clerk.cookie): Promise<Meeting> {
      const ask = siteCaller(
        async (method, path, body) => {
          const response = await app.request(
            path,
            method === 'GET'
              ? {}
              : {
                  method,
                  headers: {
                    'content-type': 'application/json',
                    origin: SITES.bench.origin,
                    ...(cookie ? { cookie } : {}),
                  },
                  body: JSON.stringify(body),
                },
          );
          return response.json();
        },
        refusal('BENCH_SERVER_UNREACHABLE', 'unreachable'),
      );
      const meeting = createMeeting();
      await meeting.open(serverRecord(ask, follow));
      return meeting;
    }

    it('an act in one page reaches the other; of two decided on one head, one is recorded and the other page catches up', async () => {
      const a = await page();
      const b = await page();
      const counted = a.commit('set_members_present', { present: 7 }, 'clerk');
      if (!counted.ok) throw new Error(counted.message);
      expect(await counted.written).toEqual({ ok: true });
      await vi.waitFor(() => expect(b.state.value.present).toBe(7));

      const fromA = a.commit('call_meeting_to_order', { chair: 'Adaeze', at: '6:32' }, 'clerk');
      const fromB = b.commit('call_meeting_to_order', { chair: 'Bettina', at: '6:33' }, 'clerk');
      if (!fromA.ok || !fromB.ok) throw new Error('both were in order where they were decided');
      const written = await Promise.all([fromA.written, fromB.written]);
      expect(written.filter((answer) => answer.ok)).toHaveLength(1);
      expect(written.filter((answer) => !answer.ok && answer.code === 'STALE_TAB')).toHaveLength(1);
      await vi.waitFor(() => {
        expect(a.events.value).toEqual(b.events.value);
        expect(a.events.value).toHaveLength(2);
      });
      // The entries are the server's: its numbers, its time.
      expect(a.events.value.map((event) => event.seq)).toEqual([1, 2]);
    });

    it('a page with nobody signed in shows the meeting and changes nothing: its act is refused and rolled back', async () => {
      const clerkPage = await page();
      const counted = clerkPage.commit('set_members_present', { present: 7 }, 'clerk');
      if (!counted.ok) throw new Error(counted.message);
      expect(await counted.written).toEqual({ ok: true });
      const nobody = await page('');
      expect(nobody.state.value.present).toBe(7);
      const asked = nobody.commit('set_members_present', { present: 3 }, 'clerk');
      if (!asked.ok) throw new Error('in order where it was decided');
      expect(await asked.written).toMatchObject({ ok: false, code: 'SIGN_IN_REQUIRED' });
      await vi.waitFor(() => expect(nobody.state.value.present).toBe(7));
      expect(nobody.events.value).toHaveLength(1);
      expect(clerkPage.events.value).toHaveLength(1);
      // The clerk's entry names the clerk, as the server decided it.
      expect(clerkPage.events.value[0]).toMatchObject({ actor: 'clerk', person: { id: clerk.id } });
    });
  },
);

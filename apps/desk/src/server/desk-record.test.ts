// The desk's public record under a conditional GET, on both engines: a partner asks for it before
// every authorized write, with the tag of the record it holds. While the list of dispatchers is
// unchanged the desk answers 304 (nothing signed, nothing sent); the moment a dispatcher is added
// or removed the same request is answered with the new record, signed, under a new tag, so a
// removal reaches the partner's very next check.
import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { verifyCanonical } from '@warrant/authority';
import { softwarePasskey, type SoftwarePasskey } from '@warrant/authority/testing';
import { SITES } from '@warrant/config';
import type { Database, SiteServer } from '@warrant/site-server';
import { appTestEngines } from '@warrant/site-server/testing';
import { openServer } from '../server.ts';
import { removeWithPasskey, setupLinkCode } from '../testing/desk-people.ts';

const ORIGIN = SITES.desk.origin;
const RP_ID = new URL(ORIGIN).hostname;
const RECORD = '/.well-known/warrant-desk.json';

interface SignedRecord {
  readonly key: string;
  readonly dispatchers: {
    readonly list: { readonly dispatchers: readonly { readonly id: string }[] };
    readonly signature: string;
  };
}

describe.each(appTestEngines(inject('pgliteRoot'), inject('postgresUrl'), it))(
  "the desk's record on %s",
  (_engine, open) => {
    let db: Database;
    let server: SiteServer;
    let app: Hono;

    beforeEach(async () => {
      db = await open();
      server = await openServer(db);
      app = new Hono();
      server.routes(app);
    });
    afterEach(async () => {
      await server.close();
      await db.close();
    });

    async function post(
      path: string,
      body: unknown,
      cookie?: string,
    ): Promise<{ body: { [key: string]: unknown }; cookie: string }> {
      const response = await app.request(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
        body: JSON.stringify(body),
      });
      return {
        body: (await response.json()) as { [key: string]: unknown },
        cookie: (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '',
      };
    }

    async function enrol(name: string): Promise<{ id: string; cookie: string; passkey: SoftwarePasskey }> {
      const passkey = softwarePasskey();
      const options = await post('/api/dispatchers/options', { name, link: await setupLinkCode(server) });
      const enrolled = await post('/api/dispatchers', {
        response: passkey.register((options.body['options'] as { challenge: string }).challenge, ORIGIN, RP_ID),
      });
      expect(enrolled.body).toMatchObject({ ok: true });
      return { id: (enrolled.body['dispatcher'] as { id: string }).id, cookie: enrolled.cookie, passkey };
    }

    /** The record, asked for with `tag` when given: its status, tag, and the signed record (null on 304). */
    async function fetchRecord(
      tag?: string,
    ): Promise<{ status: number; tag: string | null; record: SignedRecord | null }> {
      const response = await app.request(RECORD, tag ? { headers: { 'If-None-Match': tag } } : {});
      const text = await response.text();
      return {
        status: response.status,
        tag: response.headers.get('ETag'),
        record: text === '' ? null : (JSON.parse(text) as SignedRecord),
      };
    }
    const ids = (record: SignedRecord | null) => record?.dispatchers.list.dispatchers.map((entry) => entry.id);
    const signed = (record: SignedRecord | null) =>
      record !== null && verifyCanonical(record.key, record.dispatchers.list, record.dispatchers.signature);

    it('answers 304 with nothing while the list is unchanged, and the new signed record at once when a dispatcher is added or removed', async () => {
      const ada = await enrol('Ada');
      const first = await fetchRecord();
      expect(first).toMatchObject({ status: 200, tag: expect.stringMatching(/^W\/"[0-9a-f]{64}"$/) as unknown });
      expect(signed(first.record)).toBe(true);
      expect(ids(first.record)).toEqual([ada.id]);

      expect(await fetchRecord(first.tag!)).toEqual({ status: 304, tag: first.tag, record: null });
      // Another tag, or none: the whole record.
      expect((await fetchRecord('W/"0000"')).status).toBe(200);

      const ben = await enrol('Ben');
      const added = await fetchRecord(first.tag!);
      expect(added.status).toBe(200);
      expect(added.tag).not.toBe(first.tag);
      expect(ids(added.record)).toEqual([ada.id, ben.id].sort());
      expect(signed(added.record)).toBe(true);

      expect(
        await removeWithPasskey(async (path, body, cookie) => (await post(path, body, cookie)).body, ben.id, ada, {
          origin: ORIGIN,
          rpId: RP_ID,
        }),
      ).toMatchObject({
        ok: true,
        removed: ben.id,
      });
      const removed = await fetchRecord(added.tag!);
      expect(removed.status).toBe(200);
      expect(ids(removed.record)).toEqual([ada.id]);
      expect(signed(removed.record)).toBe(true);
      // The list is Ada's alone again: the tag of that list.
      expect(removed.tag).toBe(first.tag);
    });
  },
);

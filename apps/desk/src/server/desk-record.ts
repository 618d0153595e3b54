// The desk's public record at /.well-known/warrant-desk.json: its origin, rpId and key, and the
// list of dispatchers who may approve with their passkeys' public keys, signed by the desk. A
// partner fetches it when it checks a step authorization, so a dispatcher taken off the list is
// refused from that moment, whatever they approved before.
//
// Every such fetch reads the list afresh; only the signing is spared while nothing changed. The
// record's tag (a weak ETag) is the digest of what it says (origin, rpId, key, the dispatchers and
// their credentials), so a partner that asks again with the tag of the record it holds is answered
// 304 Not Modified, unsigned and empty, until a dispatcher or a credential is added or removed: then
// the tag differs and the new record, signed now, is the answer to that very request.
import type { Hono } from 'hono';
import { canonicalDigest, signCanonical } from '@warrant/authority';
import type { Database } from '@warrant/site-server';
import { DESK_API } from '../api/desk-api.ts';
import type { DeskIdentity } from './desk-identity.ts';
import { notModified } from './http.ts';
import { serve } from './serve-route.ts';

export function deskRecordRoutes(app: Hono, db: Database, desk: DeskIdentity): void {
  serve(app, DESK_API.deskRecord, async (c, { reply }) => {
    const rows = await db.query<{ id: string; name: string; credential: string | null; public_key: Uint8Array | null }>(
      `SELECT d.id, d.name, c.id AS credential, c.public_key FROM dispatchers d LEFT JOIN dispatcher_credentials c ON c.dispatcher_id = d.id
        WHERE d.removed_at IS NULL ORDER BY d.id, c.id`,
    );
    const byId = new Map<string, { id: string; name: string; credentials: { id: string; public_key: string }[] }>();
    for (const row of rows) {
      const entry = byId.get(row.id) ?? { id: row.id, name: row.name, credentials: [] };
      if (row.credential && row.public_key)
        entry.credentials.push({ id: row.credential, public_key: Buffer.from(row.public_key).toString('base64url') });
      byId.set(row.id, entry);
    }
    const dispatchers = [...byId.values()];
    const tag = `W/"${canonicalDigest({ origin: desk.origin, rp_id: desk.rpId, key: desk.key.publicKey, dispatchers })}"`;
    c.header('Access-Control-Allow-Origin', '*');
    c.header('ETag', tag);
    c.header('Cache-Control', 'no-cache');
    if ((c.req.header('If-None-Match') ?? '').split(',').some((held) => held.trim() === tag)) return notModified(c);
    const list = { desk_origin: desk.origin, issued_at: new Date().toISOString(), dispatchers };
    return reply({
      origin: desk.origin,
      rp_id: desk.rpId,
      key: desk.key.publicKey,
      dispatchers: { list, signature: signCanonical(desk.key, list) },
    });
  });
}

// The desk's public record at /.well-known/warrant-desk.json: its origin, rpId and key, and the
// list of dispatchers who may approve with their passkeys' public keys, signed by the desk. A
// partner fetches it when it checks a step authorization, so a dispatcher taken off the list is
// refused from that moment, whatever they approved before.
import type { Hono } from 'hono';
import { signCanonical } from '@warrant/authority';
import type { Database } from '@warrant/site-server';
import type { DeskIdentity } from './desk-identity.ts';

export function deskRecordRoutes(app: Hono, db: Database, desk: DeskIdentity): void {
  app.get('/.well-known/warrant-desk.json', async (c) => {
    const rows = await db.query<{ id: string; name: string; credential: string | null; public_key: Uint8Array | null }>(
      `SELECT d.id, d.name, c.id AS credential, c.public_key FROM dispatchers d LEFT JOIN dispatcher_credentials c ON c.dispatcher_id = d.id
        WHERE d.removed_at IS NULL ORDER BY d.id, c.id`,
    );
    const byId = new Map<string, { id: string; name: string; credentials: { id: string; public_key: string }[] }>();
    for (const row of rows) {
      const entry = byId.get(row.id) ?? { id: row.id, name: row.name, credentials: [] };
      if (row.credential && row.public_key) entry.credentials.push({ id: row.credential, public_key: Buffer.from(row.public_key).toString('base64url') });
      byId.set(row.id, entry);
    }
    const list = { desk_origin: desk.origin, issued_at: new Date().toISOString(), dispatchers: [...byId.values()] };
    c.header('Access-Control-Allow-Origin', '*');
    return c.json({ origin: desk.origin, rp_id: desk.rpId, key: desk.key.publicKey, dispatchers: { list, signature: signCanonical(desk.key, list) } });
  });
}

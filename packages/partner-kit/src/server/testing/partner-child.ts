// For tests only: a partner server in a process of its own, so a test can kill it with SIGKILL
// mid-write and start it again on the same data. The fixture stand (pantry's origin), over the
// database the test names (PARTNER_CHILD_DATA_DIR for PGlite, or PARTNER_CHILD_PG_URL with
// PARTNER_CHILD_PG_SCHEMA for PostgreSQL), trusting the desk record the test hands it
// (PARTNER_CHILD_DESK, its /.well-known/warrant-desk.json as JSON). It listens on a free loopback
// port and says so on one line, "listening <port>", which the test waits for. With
// PARTNER_CHILD_RESTOCK=<n> it first adds n umbrellas, as a staff member would from the page (a
// change of stock there takes a staff passkey; here the test stands in for the staff).
// Run with: node --import tsx packages/partner-kit/src/server/testing/partner-child.ts
import type { AddressInfo } from 'node:net';
import { SITES } from '@warrant/config';
import { listen, openPgliteDatabase, openPostgresDatabase, siteApp } from '@warrant/site-server';
import { umbrellaStand } from '../../fixture/umbrella-stand.ts';
import type { DeskRecord } from '../authorization-check.ts';
import { openPartnerServer } from '../partner-server.ts';

const env = process.env;
const setting = (name: string): string => {
  const value = env[name];
  if (!value) throw new Error(`${name} is not set.`);
  return value;
};

const db = env['PARTNER_CHILD_PG_URL']
  ? await openPostgresDatabase({ url: setting('PARTNER_CHILD_PG_URL'), schema: setting('PARTNER_CHILD_PG_SCHEMA') })
  : await openPgliteDatabase({ dataDir: setting('PARTNER_CHILD_DATA_DIR') });
const record = JSON.parse(setting('PARTNER_CHILD_DESK')) as DeskRecord;
const server = await openPartnerServer(umbrellaStand, {
  db,
  desk: async () => ({ ok: true, record, trustedKey: record.key }),
});
const restock = Number(env['PARTNER_CHILD_RESTOCK'] ?? 0);
if (restock > 0) {
  const restocked = await server.site.staff('restock', { count: restock });
  if (!restocked.ok) throw new Error(`The child could not restock: ${restocked.message}`);
}
const running = await listen(siteApp({ site: SITES.pantry, distDir: null, routes: (app) => server.routes(app) }), {
  port: 0,
  host: '127.0.0.1',
});
process.stdout.write(`listening ${(running.server.address() as AddressInfo).port}\n`);

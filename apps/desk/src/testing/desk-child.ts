// For tests only: the desk's server in a process of its own, over the PostgreSQL schema the test
// names (DESK_CHILD_PG_URL, DESK_CHILD_PG_SCHEMA), so a test can run two desk servers that share
// nothing but their database, as two machines would. Its partners answer nothing (the test is
// about the desk's record, not a run). It listens on a free loopback port and says so on one line,
// "listening <port> <setup link code>": the code of a one-time setup link its operator minted, so
// the test enrols a dispatcher here as a person would.
// Run with: node --import tsx apps/desk/src/testing/desk-child.ts
import type { AddressInfo } from 'node:net';
import { SITES } from '@warrant/config';
import { listen, openPostgresDatabase, siteApp } from '@warrant/site-server';
import { openDeskServer } from '../server.ts';
import { setupLinkCode } from './desk-people.ts';
import { unansweredPartners } from './unanswered-partners.ts';

const setting = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set.`);
  return value;
};

const db = await openPostgresDatabase({ url: setting('DESK_CHILD_PG_URL'), schema: setting('DESK_CHILD_PG_SCHEMA') });
const server = await openDeskServer(db, { receiptKeyOf: async () => null, reachPartner: unansweredPartners().reach });
const running = await listen(siteApp({ site: SITES.desk, distDir: null, routes: (app) => server.routes(app) }), {
  port: 0,
  host: '127.0.0.1',
});
process.stdout.write(`listening ${(running.server.address() as AddressInfo).port} ${await setupLinkCode(server)}\n`);

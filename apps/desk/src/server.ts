// The desk's own server: its record (the ledger and the desk's state, as a transparency log), its
// dispatchers and their passkeys, approvals decided once with a person's passkey, and the step
// authorizations partners check before they write.
import { fileURLToPath } from 'node:url';
import { newSigningKey, signingKeyFrom } from '@warrant/authority';
import { peopleOperator } from '@warrant/people';
import { migrate, storedSecret, type OpenSiteServer } from '@warrant/site-server';
import { actingPageRoutes } from './server/acting-page.ts';
import { approvalPageRoutes } from './server/approval-page.ts';
import { approvalRaisingGuard } from './server/approval-raising-guard.ts';
import { approvalRoutes } from './server/approvals.ts';
import { deskIdentity } from './server/desk-identity.ts';
import { appendServerRecord, deskLogRoutes } from './server/desk-logs.ts';
import { deskRecordRoutes } from './server/desk-record.ts';
import { dispatcherRoutes } from './server/dispatchers.ts';
import { DESK_PEOPLE } from './server/desk-people.ts';
import { ledgerHeads } from './server/ledger-heads.ts';
import { ledgerTamperingRoutes, SERVING_THE_BROWSER_TESTS } from './server/ledger-tampering.ts';
import type { ReceiptKeyOf } from './server/page-report.ts';
import { partnerReceiptKey, partnerRecordRoutes } from './server/partner-records.ts';
import { operatorReset, resetRoutes } from './server/reset.ts';
import { runAuthorizationRoutes } from './server/run-authorizations.ts';

const MIGRATIONS = fileURLToPath(new URL('../migrations/', import.meta.url));

export interface DeskServerOptions {
  /** The server's clock for what depends on time running out (an approval's expiry); the real one by default. */
  readonly now?: () => number;
  /** Where a partner's receipt key is learnt: its published manifest, asked by this server, by default. */
  readonly receiptKeyOf?: ReceiptKeyOf;
}

export const openServer: OpenSiteServer = (db) => openDeskServer(db);

export async function openDeskServer(
  db: Parameters<OpenSiteServer>[0],
  options: DeskServerOptions = {},
): ReturnType<OpenSiteServer> {
  await migrate(db, MIGRATIONS);
  const desk = deskIdentity(
    signingKeyFrom(await storedSecret(db, 'desk_signing_key', () => newSigningKey().secretKey)),
  );
  return {
    summary: null,
    people: peopleOperator(db, DESK_PEOPLE),
    operatorReset: async () => void (await operatorReset(db)),
    routes(app) {
      deskRecordRoutes(app, db, desk);
      actingPageRoutes(app, db);
      dispatcherRoutes(app, db, async (row) => {
        const appended = await appendServerRecord(db, 'ledger', row);
        if (!appended.ok) throw new Error(`The desk could not record ${row.event}: ${appended.message}`);
      });
      approvalRaisingGuard(app, db);
      approvalRoutes(app, db, desk, options.now);
      resetRoutes(app, db);
      approvalPageRoutes(app, db, desk);
      runAuthorizationRoutes(app, db, desk, options.now);
      partnerRecordRoutes(app, db);
      const heads = ledgerHeads(app, db, desk);
      deskLogRoutes(app, db, {
        receiptKeyOf: options.receiptKeyOf ?? partnerReceiptKey,
        afterAppend: (log, appended) => (log === 'ledger' ? heads.appended(appended) : Promise.resolve()),
      });
      if (SERVING_THE_BROWSER_TESTS) ledgerTamperingRoutes(app, db);
    },
    close: async () => undefined,
  };
}

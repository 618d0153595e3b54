// The desk's own server: its record (the ledger and the desk's state, as a transparency log), its
// dispatchers and their passkeys, approvals decided once with a person's passkey, and the runs of
// approved plans, carried out here with step authorizations signed as each step is sent.
import { fileURLToPath } from 'node:url';
import { newSigningKey, signingKeyFrom } from '@warrant/authority';
import type { PartnerDirectory } from '@warrant/broker';
import { peopleOperator } from '@warrant/people';
import { migrate, storedSecret, type OpenSiteServer } from '@warrant/site-server';
import { approvalPageRoutes } from './server/approval-page.ts';
import { approvalRaisingGuard } from './server/approval-raising-guard.ts';
import { approvalRaisingRoute } from './server/approval-raising.ts';
import { approvalRoutes } from './server/approvals.ts';
import { deskIdentity } from './server/desk-identity.ts';
import { appendServerRecord, appendServerRecords, deskLogRoutes, type AppendedRecords } from './server/desk-logs.ts';
import { deskRecordRoutes } from './server/desk-record.ts';
import { dispatcherRoutes } from './server/dispatchers.ts';
import { DESK_PEOPLE } from './server/desk-people.ts';
import { ledgerHeads } from './server/ledger-heads.ts';
import { keptReceiptKeys } from './server/kept-receipt-keys.ts';
import { ledgerTamperingRoutes, SERVING_THE_BROWSER_TESTS } from './server/ledger-tampering.ts';
import type { ReceiptKeyOf } from './server/page-report.ts';
import { partnerReceiptKey, partnerRecordRoutes } from './server/partner-records.ts';
import { approvedRuns, type ReachPartner } from './server/approved-runs.ts';
import { operatorReset, resetRoutes } from './server/reset.ts';
import { pageSessionRoutes } from './server/page-session.ts';
import { requestHolderRoutes } from './server/request-holders.ts';
import { idNumberRoutes } from './server/id-numbers.ts';
import { PARTNER_DIRECTORY } from './partners.ts';

/** How often runs not yet ended, and closures not yet taken, are tried again (unless told otherwise). */
const RESUME_EVERY_MS = 10_000;
const MIGRATIONS = fileURLToPath(new URL('../migrations/', import.meta.url));

export interface DeskServerOptions {
  /** The server's clock for what depends on time running out (an approval's expiry); the real one by default. */
  readonly now?: () => number;
  /** Where a partner's receipt key is learnt: its published manifest, asked by this server, by default. */
  readonly receiptKeyOf?: ReceiptKeyOf;
  /** How this server calls a partner's server; by default at the partner's address. */
  readonly reachPartner?: ReachPartner;
  /**
   * The partners this desk works with, as their manifests say: what a plan's steps may write and
   * how each write is undone. The desk's configuration (partners.json) by default.
   */
  readonly partners?: PartnerDirectory;
  /**
   * How often runs not yet ended, and closures a partner has not yet taken, are tried again:
   * RESUME_EVERY_MS by default. A test that waits for that second try sets it short rather than
   * wait out the production interval.
   */
  readonly resumeEveryMs?: number;
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
  let heads: ReturnType<typeof ledgerHeads> | null = null;
  // Approved runs are carried out here, not in a page; one cut off by a stop is taken up on start,
  // and what is owed to a partner (a step not yet known, a run's closure) is tried again shortly.
  const runs = approvedRuns({
    db,
    desk,
    afterLedger: (appended) => heads?.appended(appended) ?? Promise.resolve(),
    ...(options.now ? { now: options.now } : {}),
    ...(options.reachPartner ? { reach: options.reachPartner } : {}),
    ...(options.partners ? { partners: options.partners } : {}),
  });
  void runs
    .resume()
    .catch((error: unknown) => console.error('Taking up the runs not ended failed; tried again shortly.', error));
  const again = setInterval(
    () =>
      void runs
        .resume()
        .catch((error: unknown) => console.error('Taking up the runs not ended failed; tried again shortly.', error)),
    options.resumeEveryMs ?? RESUME_EVERY_MS,
  );
  again.unref();
  return {
    summary: null,
    people: peopleOperator(db, DESK_PEOPLE),
    // The browser tests start each test on a desk numbered afresh (reset.ts says why that is safe there).
    operatorReset: async () => void (await operatorReset(db, { idsAfresh: SERVING_THE_BROWSER_TESTS })),
    routes(app) {
      // First: it wraps the page's files, served after every route.
      pageSessionRoutes(app, db);
      deskRecordRoutes(app, db, desk);
      idNumberRoutes(app, db);
      // Who holds each request: a change of hands is a state event and a ledger row, in one transaction.
      requestHolderRoutes(app, db, () => {
        let written: AppendedRecords | null = null;
        return {
          async record(tx, event, row) {
            const ledger = await appendServerRecords(db, 'ledger', [row], tx);
            if (!ledger.ok) return ledger;
            const state = await appendServerRecords(db, 'state', [event], tx);
            if (!state.ok) return state;
            written = ledger;
            return null;
          },
          afterCommit: async () => {
            if (written) await heads?.appended(written);
          },
        };
      });
      dispatcherRoutes(app, db, async (row) => {
        const appended = await appendServerRecord(db, 'ledger', row);
        if (!appended.ok) throw new Error(`The desk could not record ${row.event}: ${appended.message}`);
        await heads?.appended(appended);
      });
      approvalRaisingGuard(app, db);
      // An approval is raised only for a plan the desk's own record holds, built from it here.
      approvalRaisingRoute(app, db, desk, options.now ?? Date.now);
      approvalRoutes(app, db, desk, runs, options.now);
      resetRoutes(app, db);
      approvalPageRoutes(app, db, desk);
      partnerRecordRoutes(app, db);
      heads = ledgerHeads(app, db, desk);
      deskLogRoutes(app, db, {
        receiptKeyOf: options.receiptKeyOf ?? keptReceiptKeys(partnerReceiptKey),
        partners: options.partners ?? PARTNER_DIRECTORY,
        ...(options.now ? { now: options.now } : {}),
        afterAppend: (log, appended) => (log === 'ledger' && heads ? heads.appended(appended) : Promise.resolve()),
      });
      if (SERVING_THE_BROWSER_TESTS) ledgerTamperingRoutes(app, db);
    },
    close: async () => {
      clearInterval(again);
      await runs.idle();
    },
  };
}

// What the partners themselves hold, asked by the desk's server of each partner's server: the
// write under one idempotency key (so a run whose answer was lost learns what really happened),
// and every receipt, set against the desk's own ledger rows (two-sided evidence: each partner
// receipt has its desk row, each desk row that claims a receipt has it at the partner).
//
// Server to server: the page never needs to reach another origin for this, and what it shows is
// what the desk's server was told by the partner's.
import type { Hono } from 'hono';
import { approvalChallenge, AUTHORIZATION_FIELD, decodeStepAuthorization } from '@warrant/authority';
import { PARTNER_MANIFEST_PATH, readHopDetail, readPartnerManifest, type PartnerName } from '@warrant/broker';
import type { LedgerRow } from '@warrant/ledger';
import type { Database } from '@warrant/site-server';
import { refusal } from '@warrant/surface';
import { PARTNER_DIRECTORY, partnerAddressOf } from '../partners.ts';
import { currentBook } from './approvals.ts';
import type { DeskOnlyReceipt, HeldUnderKey, PartnerOnlyReceipt, PartnerReconciliation } from '../api/answers.ts';
import { DESK_API } from '../api/desk-api.ts';
import { refused } from './http.ts';
import { serve } from './serve-route.ts';

/** How long the desk waits for a partner's server before saying it cannot be reached. */
const PARTNER_ANSWER_MS = 5_000;
const KEY = /^[A-Za-z0-9._:-]{1,128}$/;

interface PartnerWrite {
  readonly kind: string;
  readonly tool?: string;
  readonly at?: string;
  readonly args?: Readonly<Record<string, unknown>>;
  readonly receipt?: { readonly id?: string };
}

async function askPartner(
  partner: PartnerName,
  path: string,
): Promise<{ ok: true; body: unknown } | { ok: false; problem: string }> {
  try {
    const response = await fetch(`${partnerAddressOf(partner)}${path}`, {
      signal: AbortSignal.timeout(PARTNER_ANSWER_MS),
    });
    if (!response.ok) return { ok: false, problem: `its server answered ${response.status}` };
    return { ok: true, body: await response.json() };
  } catch (error) {
    return {
      ok: false,
      problem:
        error instanceof Error && error.name === 'TimeoutError'
          ? `its server did not answer within ${PARTNER_ANSWER_MS / 1000} s`
          : 'its server cannot be reached',
    };
  }
}

/** Whether a partner's write was authorized by an approval of this desk's current book. */
function ofThisBook(write: PartnerWrite, challenges: ReadonlySet<string>): boolean {
  const decoded = decodeStepAuthorization(write.args?.[AUTHORIZATION_FIELD]);
  return decoded.ok && challenges.has(approvalChallenge(decoded.authorization.statement));
}

/** The desk's rows that claim a receipt from `partner`: each tool_result it recorded as answered with one. */
function deskClaims(rows: readonly LedgerRow[], partner: PartnerName): DeskOnlyReceipt[] {
  const claims: DeskOnlyReceipt[] = [];
  for (const row of rows) {
    if (row.event !== 'tool_result' || row.from !== partner || row.status !== 'ok') continue;
    const detail = readHopDetail(row.detail);
    if (detail['receipt'] && detail['receipt'] !== 'missing')
      claims.push({ seq: row.seq, receipt: detail['receipt'], tool: detail['tool'] ?? '' });
  }
  return claims;
}

export async function reconcilePartner(db: Database, partner: PartnerName): Promise<PartnerReconciliation> {
  const book = await currentBook(db);
  const asked = await askPartner(partner, '/api/record');
  if (!asked.ok) return { partner, reachable: false, problem: asked.problem };
  const challenges = new Set(
    (await db.query<{ challenge: string }>('SELECT challenge FROM approvals WHERE book_no = $1', [book])).map(
      (row) => row.challenge,
    ),
  );
  const entries = ((asked.body as { entries?: unknown }).entries ?? []) as readonly PartnerWrite[];
  const held = new Map<string, PartnerOnlyReceipt>();
  for (const entry of entries) {
    if (entry.kind !== 'write' || !entry.receipt?.id || !ofThisBook(entry, challenges)) continue;
    held.set(entry.receipt.id, { receipt: entry.receipt.id, tool: entry.tool ?? '', at: entry.at ?? '' });
  }
  const rows = (
    await db.query<{ record: string }>(
      "SELECT record FROM desk_log_records WHERE book_no = $1 AND log = 'ledger' ORDER BY seq",
      [book],
    )
  ).map((row) => JSON.parse(row.record) as LedgerRow);
  const claimed = new Map(deskClaims(rows, partner).map((claim) => [claim.receipt, claim]));
  const matched = [...claimed.keys()].filter((receipt) => held.has(receipt)).length;
  return {
    partner,
    reachable: true,
    matched,
    total: new Set([...claimed.keys(), ...held.keys()]).size,
    desk_only: [...claimed.values()].filter((claim) => !held.has(claim.receipt)),
    partner_only: [...held.values()].filter((receipt) => !claimed.has(receipt.receipt)),
  };
}

/**
 * A partner's receipt key, as the partner publishes it in its manifest, fetched by this server
 * (never through the browser, which an agent may hold). null where the partner could not be asked
 * or publishes none: then no receipt of that partner verifies.
 */
export async function partnerReceiptKey(partner: PartnerName): Promise<string | null> {
  const asked = await askPartner(partner, PARTNER_MANIFEST_PATH);
  if (!asked.ok) return null;
  const read = readPartnerManifest(asked.body);
  return read.ok && read.manifest.origin === PARTNER_DIRECTORY.originOf(partner) ? read.manifest.receipt_key : null;
}

/** Each partner's receipt key, by name. */
async function receiptKeys(): Promise<Record<string, string | null>> {
  const keys = await Promise.all(
    PARTNER_DIRECTORY.names.map(async (partner) => [partner, await partnerReceiptKey(partner)] as const),
  );
  return Object.fromEntries(keys);
}

export function partnerRecordRoutes(app: Hono, db: Database): void {
  serve(app, DESK_API.receiptKeys, async (_c, { reply }) => reply({ ok: true, keys: await receiptKeys() }));
  serve(app, DESK_API.reconciliation, async (_c, { reply }) =>
    reply({
      ok: true,
      partners: await Promise.all(PARTNER_DIRECTORY.names.map((partner) => reconcilePartner(db, partner))),
    }),
  );

  // Whether a partner's server answers now (its manifest, the smallest thing it serves): the desk's
  // page asks while it says the partner is down, to know when it is back.
  serve(app, DESK_API.partnerReach, async (c, { reply }) => {
    const partner = c.req.param('partner') as PartnerName;
    if (!PARTNER_DIRECTORY.has(partner))
      return refused(c, refusal('UNKNOWN_PARTNER', `${partner} is not a partner of this desk.`), 404);
    const asked = await askPartner(partner, PARTNER_MANIFEST_PATH);
    return reply(
      asked.ok
        ? { ok: true, partner, reachable: true }
        : { ok: true, partner, reachable: false, problem: asked.problem },
    );
  });

  // What a partner holds under one idempotency key: found with its write and receipt, or not.
  serve(app, DESK_API.partnerWrite, async (c, { reply }) => {
    const partner = c.req.param('partner') as PartnerName;
    const key = c.req.param('key');
    if (!PARTNER_DIRECTORY.has(partner))
      return refused(c, refusal('UNKNOWN_PARTNER', `${partner} is not a partner of this desk.`), 404);
    if (!KEY.test(key))
      return refused(c, refusal('INVALID_INPUT', 'An idempotency key is 1 to 128 letters, digits and . _ : -.'), 422);
    const asked = await askPartner(partner, `/api/writes/by-key/${encodeURIComponent(key)}`);
    if (!asked.ok)
      return refused(
        c,
        refusal(
          'PARTNER_UNREACHABLE',
          `The desk could not ask ${partner} what it holds under ${key}: ${asked.problem}.`,
          { partner, key },
        ),
        502,
      );
    // The partner's own answer, passed on as it came (its refusal too): the page checks a
    // receipt in it against the partner's key itself (run/ask-partner.ts).
    return reply(asked.body as HeldUnderKey);
  });
}

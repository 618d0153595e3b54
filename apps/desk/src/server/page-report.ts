// What a dispatcher's page may add to the ledger, and how the server marks it. A page reports only
// what a browser alone saw (ledger-writers.ts says which events those are); a row naming a
// partner's receipt stands only when the partner's Ed25519 signature over the receipt verifies
// under the key the partner publishes (asked by this server, never through a page) and the
// receipt's digest is the one the row names. Every row a page reports is stamped with the
// dispatcher whose session it came through, as the first pair of its detail:
// `reported_by=<dispatcher id>`. (The 17 fields have no place for a person; the detail is the
// one field a row can gain a fact in without changing the ledger's format.)
import { verifyCanonicalAsync } from '@warrant/authority';
import { LEDGER_EVENTS, type LedgerEvent } from '@warrant/base';
import { hopDetail, readHopDetail, readingSignedBy, type PartnerDirectory, type PartnerName } from '@warrant/broker';
import { refusal, type ToolRefusal } from '@warrant/surface';
import { LEDGER_WRITERS } from './ledger-writers.ts';
import type { Dispatcher } from './sessions.ts';

/** The key a partner signs its receipts with, as it publishes it; null when it cannot be learnt now. */
export type ReceiptKeyOf = (partner: PartnerName) => Promise<string | null>;

/** Whether the server's own record holds approval `id` over `digest` decided as `status`. */
export type ServerDecided = (decision: {
  readonly id: string;
  readonly digest: string;
  readonly status: 'granted' | 'rejected' | 'void';
}) => Promise<boolean>;

/** What a page's report is checked against: partners' published receipt keys, the server's own decisions. */
export interface ReportChecks {
  readonly receiptKeyOf: ReceiptKeyOf;
  readonly decided: ServerDecided;
  /** The partners this desk works with: whose reads and receipts a row may name. */
  readonly partners: PartnerDirectory;
  /** The server's clock, for how old a partner's reading may be. */
  readonly now?: () => number;
}

/**
 * How old a partner's signed reading may be when a page reports it: a read is a fact of its
 * moment, and a page reports it as soon as its partner answers (a page cut off for longer reads again).
 */
export const READING_REPORTED_WITHIN_MS = 10 * 60_000;
/** How far ahead of the desk's clock a partner's clock may run. */
const CLOCK_SKEW_MS = 60_000;

const DECISIONS: Partial<Record<LedgerEvent, 'granted' | 'rejected' | 'void'>> = {
  approval_granted: 'granted',
  approval_rejected: 'rejected',
  approval_void: 'void',
};

/** The detail pair the server stamps; a page's row may not carry one of its own. */
export const REPORTED_BY = 'reported_by';

const isEvent = (value: unknown): value is LedgerEvent => (LEDGER_EVENTS as readonly unknown[]).includes(value);
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * Why a page may not report `draft`, or null when it may. Only the questions of who may write it
 * are asked here; whether it is a well-formed row at all is the ledger format's to answer.
 */
export async function pageReportProblem(draft: unknown, checks: ReportChecks): Promise<ToolRefusal | null> {
  if (typeof draft !== 'object' || draft === null) return null;
  const row = draft as Readonly<Record<string, unknown>>;
  const event = row['event'];
  if (!isEvent(event)) return null;
  if (LEDGER_WRITERS[event] === 'server')
    return refusal(
      'SERVER_ONLY_EVENT',
      `Only the desk's server records ${event}: it is what the server decides, not what a page saw. Nothing was recorded.`,
      { event },
    );
  if (LEDGER_WRITERS[event] === 'unapproved' && text(row['approval']) !== '')
    return refusal(
      'SERVER_ONLY_EVENT',
      `Only the desk's server records ${event} under an approval: an approved plan's run is the server's to carry out and record, not a page's. Nothing was recorded.`,
      { event, approval: text(row['approval']) },
    );
  const detail = text(row['detail']);
  if (new RegExp(`(^|\\s)${REPORTED_BY}=`).test(detail))
    return refusal(
      'INVALID_RECORD',
      `A page does not say who reported its row: the desk's server adds ${REPORTED_BY}. Nothing was recorded.`,
      { field: 'detail' },
    );
  if (event === 'tool_result') {
    const pairs = readHopDetail(detail);
    const partner = text(row['from']);
    // A partner's answer to a read is recorded only as the partner signed it: no page makes up
    // capacity. (A row naming a receipt is a write's, checked as one below.)
    const receipt = pairs['receipt'];
    if (
      (receipt === undefined || receipt === '' || receipt === 'missing') &&
      text(row['status']) === 'ok' &&
      checks.partners.has(partner as PartnerName) &&
      checks.partners.actOf(partner as PartnerName, pairs['tool'] ?? '') !== 'partner_write'
    )
      return readingProblem(partner as PartnerName, pairs, checks);
    return receiptProblem(row, pairs, checks);
  }
  const decision = DECISIONS[event];
  if (LEDGER_WRITERS[event] === 'decided' && decision) {
    const id = text(row['approval']);
    if (!(await checks.decided({ id, digest: text(row['digest']), status: decision })))
      return refusal(
        'NOT_DECIDED_BY_SERVER',
        `The desk's server holds no approval ${id || '(none named)'} ${decision} over that plan: a page cannot say a person decided what the server did not. Nothing was recorded.`,
        { event, approval: id },
      );
  }
  return null;
}

async function receiptProblem(
  row: Readonly<Record<string, unknown>>,
  pairs: Readonly<Record<string, string>>,
  checks: ReportChecks,
): Promise<ToolRefusal | null> {
  const id = pairs['receipt'];
  if (id === undefined || id === '' || id === 'missing') return null;
  const partner = text(row['from']);
  const unverified = (why: string) =>
    refusal(
      'RECEIPT_UNVERIFIED',
      `The row names ${partner || 'a partner'}'s receipt ${id}, but ${why}. Nothing was recorded.`,
      { receipt: id, partner },
    );
  if (!checks.partners.has(partner as PartnerName)) return unverified('it does not come from a partner of this desk');
  const signature = pairs['receipt_signature'];
  const digest = pairs['receipt_digest'];
  if (!signature || !digest) return unverified('it carries no signed receipt (receipt_digest and receipt_signature)');
  const key = await checks.receiptKeyOf(partner as PartnerName);
  if (key === null) return unverified("the desk's server could not learn the partner's receipt key");
  const signed = { id, tool: pairs['tool'] ?? '', request: text(row['request']), digest };
  if (!(await verifyCanonicalAsync(key, signed, signature)))
    return unverified("the partner's signature over it does not verify");
  return null;
}

async function readingProblem(
  partner: PartnerName,
  pairs: Readonly<Record<string, string>>,
  checks: ReportChecks,
): Promise<ToolRefusal | null> {
  const tool = pairs['tool'] ?? '';
  const unverified = (why: string) =>
    refusal(
      'READING_UNVERIFIED',
      `The row says ${partner} answered ${tool || 'a read'}, but ${why}. Nothing was recorded.`,
      { partner, tool },
    );
  const digest = pairs['reading_digest'];
  const at = pairs['reading_at'];
  const signature = pairs['reading_signature'];
  if (!digest || !at || !signature || digest === 'missing')
    return unverified('it carries no reading signed by the partner (reading_digest, reading_at and reading_signature)');
  const when = Date.parse(at);
  const now = checks.now?.() ?? Date.now();
  if (Number.isNaN(when) || when > now + CLOCK_SKEW_MS || now - when > READING_REPORTED_WITHIN_MS)
    return unverified(
      `the partner's reading is dated ${at}, not within the last ${READING_REPORTED_WITHIN_MS / 60_000} minutes`,
    );
  const key = await checks.receiptKeyOf(partner);
  if (key === null) return unverified("the desk's server could not learn the partner's key");
  if (!(await readingSignedBy({ tool, at, digest, signature }, key)))
    return unverified("the partner's signature over it does not verify");
  return null;
}

/** `draft` as the server records it: reported by `dispatcher`'s page. */
export function reportedBy<T>(draft: T, dispatcher: Dispatcher): T {
  if (typeof draft !== 'object' || draft === null) return draft;
  const row = draft as Readonly<Record<string, unknown>>;
  const detail = text(row['detail']);
  const stamp = hopDetail({ [REPORTED_BY]: dispatcher.id });
  return { ...row, detail: detail === '' ? stamp : `${stamp} ${detail}` } as T;
}

// When the answer to a step's write is lost (the call aborted, the frame went, the page reloaded
// mid-run), the desk cannot know from its side whether the partner committed it: the abort may
// arrive after the partner's last check and before its commit. So it asks the partner, by the
// step's idempotency key, through the desk's server, and records what the partner holds.
import {
  hopDetail,
  OUTCOME_UNKNOWN_CODES,
  readWriteSuccess,
  verifyReceipt,
  type PartnerName,
  type ReceiptKey,
} from '@warrant/broker';
import type { ToolRefusal } from '@warrant/surface';
import { askDesk, type DeskAnswer } from '../../api/ask-desk.ts';
import { DESK_API } from '../../api/desk-api.ts';
import type { DeskRow } from '../desk-runtime.ts';
import { receiptKeyOf } from './receipt-keys.ts';

/** The broker's codes for a call whose answer never came back from the frame. */
const NO_ANSWER = new Set(['CALL_ABORTED', 'PARTNER_CALL_FAILED']);

/**
 * Whether a failed call's answer says nothing of what the partner did: no answer from the frame,
 * or the partner's page saying it could not hear from its own server.
 */
export function answerLost(answer: ToolRefusal): boolean {
  if (NO_ANSWER.has(answer.code)) return true;
  const partnerCode = answer.details?.['partnerCode'];
  return (
    answer.code === 'PARTNER_REFUSED' &&
    typeof partnerCode === 'string' &&
    (OUTCOME_UNKNOWN_CODES as readonly string[]).includes(partnerCode)
  );
}

export type PartnerHolds =
  | { readonly written: true; readonly receipt: string; readonly result: Readonly<Record<string, unknown>> }
  | { readonly written: false }
  | { readonly written: 'unknown'; readonly problem: string };

/** Where the desk learns what a partner holds: in a page, the partner's own server, asked by the desk's. */
export interface PartnerRecords {
  /** What `partner` holds under idempotency key `key`. */
  writeUnder(partner: PartnerName, key: string, tool: string): Promise<DeskAnswer<typeof DESK_API.partnerWrite>>;
  /** The key `partner` signs its receipts with; without it a receipt is checked by its digest alone, as the broker checks one given no keys. */
  readonly receiptKeyOf?: (partner: PartnerName) => Promise<ReceiptKey>;
}

export const THROUGH_THE_DESK_SERVER: PartnerRecords = {
  writeUnder: (partner, key, tool) =>
    askDesk(DESK_API.partnerWrite, {
      params: { partner, key },
      unreachable: `The desk's server cannot be reached to ask ${partner} what became of ${tool}.`,
    }),
  receiptKeyOf,
};

/**
 * Asks `partner` what it holds under `input`'s idempotency key and records the answer as the
 * step's `tool_result` (`reconciled=by_key`), so the ledger says what really happened.
 */
export async function askPartnerWhatHappened(
  records: PartnerRecords,
  record: (row: DeskRow) => void,
  base: Omit<DeskRow, 'event' | 'from' | 'to' | 'status' | 'detail'>,
  partner: PartnerName,
  tool: string,
  input: Readonly<Record<string, unknown>>,
): Promise<PartnerHolds> {
  const key = String(input['idempotency_key'] ?? '');
  const answer = await records.writeUnder(partner, key, tool);
  const row = (status: DeskRow['status'], detail: Parameters<typeof hopDetail>[0]): void =>
    record({
      ...base,
      event: 'tool_result',
      from: partner,
      to: 'desk',
      status,
      detail: hopDetail({ tool, reconciled: 'by_key', key, ...detail }),
    });
  if (!answer.ok) {
    row('error', { written: 'unknown', code: answer.code });
    return { written: 'unknown', problem: answer.message };
  }
  if (!answer.found) {
    row('aborted', { written: 'no' });
    return { written: false };
  }
  const read = readWriteSuccess({ ok: true, ...answer.write });
  const verified =
    read.ok &&
    (await verifyReceipt(
      tool,
      input,
      read.write,
      records.receiptKeyOf ? await records.receiptKeyOf(partner) : undefined,
    ));
  if (!read.ok || !verified) {
    row('error', {
      written: 'unknown',
      problem: read.ok ? 'its receipt is not over this step, or not signed by its key' : read.problem,
    });
    return {
      written: 'unknown',
      problem: `${partner} holds a write under ${key} whose receipt the desk cannot verify`,
    };
  }
  row('ok', {
    written: 'yes',
    receipt: read.write.receipt.id,
    receipt_digest: read.write.receipt.digest,
    verified: 'yes',
    receipt_signature: read.write.receipt.signature,
  });
  return { written: true, receipt: read.write.receipt.id, result: read.write.result };
}

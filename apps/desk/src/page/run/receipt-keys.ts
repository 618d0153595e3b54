// The key each partner signs its receipts with, learnt from the desk's server, which reads it from
// the partner's published manifest server to server. A receipt reaches this page through the
// partner's frame, which an agent holding the browser could rewrite; the partner's signature is
// what shows the partner's server wrote it. Learnt once per page; a partner whose key could not be
// learnt is asked again at its next receipt.
import type { PartnerName, ReceiptKey } from '@warrant/broker';
import { askDesk } from '../../api/ask-desk.ts';
import { DESK_API } from '../../api/desk-api.ts';

let known: Promise<Readonly<Record<string, string | null>>> | null = null;

async function learn(): Promise<Readonly<Record<string, string | null>>> {
  const answer = await askDesk(DESK_API.receiptKeys);
  return answer.ok ? answer.keys : {};
}

export async function receiptKeyOf(partner: PartnerName): Promise<ReceiptKey> {
  known ??= learn();
  let key = (await known)[partner] ?? null;
  if (key === null) {
    known = learn();
    key = (await known)[partner] ?? null;
  }
  return { key };
}

// A partner's receipt key as this server learnt it, kept a minute: every read and receipt a page
// reports is checked under the partner's key, and asking the partner's server for its manifest
// each time cost a round trip per row a verb waits on. A key not learnt (the partner out of reach)
// is not kept, so the next row asks again. A partner that changes its key is believed within the
// minute; until then a row signed with its new key is refused, never one with a key it dropped
// taken for longer than that.
import type { PartnerName } from '@warrant/broker';
import type { ReceiptKeyOf } from './page-report.ts';

/** How long a learnt key is kept before the partner is asked again. */
export const RECEIPT_KEY_KEPT_MS = 60_000;

/** A partner's key, kept a minute; `afresh` asks the partner now and keeps what it answers. */
export interface KeptReceiptKeys extends ReceiptKeyOf {
  afresh: ReceiptKeyOf;
}

export function keptReceiptKeys(ask: ReceiptKeyOf, now: () => number = Date.now): KeptReceiptKeys {
  const kept = new Map<PartnerName, { readonly key: string; readonly until: number }>();
  const afresh: ReceiptKeyOf = async (partner) => {
    const key = await ask(partner);
    if (key === null) kept.delete(partner);
    else kept.set(partner, { key, until: now() + RECEIPT_KEY_KEPT_MS });
    return key;
  };
  const keyOf: ReceiptKeyOf = async (partner) => {
    const known = kept.get(partner);
    return known && known.until > now() ? known.key : afresh(partner);
  };
  return Object.assign(keyOf, { afresh });
}

import type { PartnerName } from './partners.ts';
import { SCOPE_MAP, type LeasePurpose } from './scope-map.ts';

/** Whether a lease for `partner` with `purpose` covers the tool `name` (the scope map decides). */
export function inScope(lease: { readonly partner: PartnerName; readonly purpose: LeasePurpose }, name: string): boolean {
  return SCOPE_MAP[lease.partner][lease.purpose].includes(name);
}

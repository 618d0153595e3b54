// Reading the partner tool catalogue: which entry a tool name is, for which partner.
import { PARTNER_TOOLS, type PartnerToolEntry } from './partner-tools.ts';
import type { PartnerName } from './partners.ts';
import type { ActClass } from './policy-table.ts';

export function partnerTool(partner: PartnerName, name: string): PartnerToolEntry | undefined {
  return PARTNER_TOOLS.find((entry) => entry.partner === partner && entry.name === name);
}

export function partnerToolsOf(partner: PartnerName): PartnerToolEntry[] {
  return PARTNER_TOOLS.filter((entry) => entry.partner === partner);
}

/** The act class of calling `name` at `partner`: a read, a write, or a tool the catalogue does not name there. */
export function partnerActOf(partner: PartnerName, name: string): ActClass {
  const entry = partnerTool(partner, name);
  if (!entry) return 'partner_unlisted';
  return entry.access === 'read' ? 'partner_read' : 'partner_write';
}

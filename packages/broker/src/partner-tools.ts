// The 19 partner tools (shared/spec/desk.md, "Partner tools"). Names are fixed: agents, plans and
// the scope map rely on them. Data only; the partner sites implement each entry, the desk reaches
// them only through a lease.
//
// `params` are the arguments the spec names. Every write also takes `request` and
// `idempotency_key` (see partner-contract.ts). `compensation` is the write that undoes this one
// (how its arguments are found is the compensation map's business); writes that are themselves
// undos have none. `untrustedContent`: the tool returns text written by people and registers
// with untrustedContentHint, so everything it returns is quarantined.
import type { PartnerName } from './partners.ts';

export type ToolAccess = 'read' | 'write';

export interface PartnerToolEntry {
  readonly partner: PartnerName;
  readonly name: string;
  readonly access: ToolAccess;
  readonly params: readonly string[];
  readonly compensation: string | null;
  readonly untrustedContent: boolean;
}

export const PARTNER_TOOLS: readonly PartnerToolEntry[] = [
  { partner: 'pantry', name: 'list_parcel_stock', access: 'read', params: [], compensation: null, untrustedContent: false },
  { partner: 'pantry', name: 'check_dietary_fit', access: 'read', params: ['people', 'needs'], compensation: null, untrustedContent: false },
  { partner: 'pantry', name: 'read_pantry_notes', access: 'read', params: [], compensation: null, untrustedContent: true },
  { partner: 'pantry', name: 'reserve_parcels', access: 'write', params: ['kind', 'count', 'dietary', 'pickup_by'], compensation: 'release_parcels', untrustedContent: false },
  { partner: 'pantry', name: 'release_parcels', access: 'write', params: ['reservation'], compensation: null, untrustedContent: false },

  { partner: 'shelter', name: 'list_bed_availability', access: 'read', params: ['night'], compensation: null, untrustedContent: false },
  { partner: 'shelter', name: 'check_accessibility', access: 'read', params: ['needs'], compensation: null, untrustedContent: false },
  { partner: 'shelter', name: 'read_shelter_notes', access: 'read', params: [], compensation: null, untrustedContent: true },
  { partner: 'shelter', name: 'hold_beds', access: 'write', params: ['kind', 'count', 'night'], compensation: 'release_beds', untrustedContent: false },
  { partner: 'shelter', name: 'release_beds', access: 'write', params: ['hold'], compensation: null, untrustedContent: false },

  { partner: 'rides', name: 'list_ride_windows', access: 'read', params: ['date'], compensation: null, untrustedContent: false },
  { partner: 'rides', name: 'read_ride_notes', access: 'read', params: [], compensation: null, untrustedContent: true },
  { partner: 'rides', name: 'book_ride', access: 'write', params: ['window', 'seats', 'from', 'to'], compensation: 'cancel_ride', untrustedContent: false },
  { partner: 'rides', name: 'cancel_ride', access: 'write', params: ['booking'], compensation: null, untrustedContent: false },

  { partner: 'coldchain', name: 'list_cold_units', access: 'read', params: [], compensation: null, untrustedContent: false },
  { partner: 'coldchain', name: 'read_temperature_log', access: 'read', params: ['unit'], compensation: null, untrustedContent: false },
  { partner: 'coldchain', name: 'read_coldchain_notes', access: 'read', params: [], compensation: null, untrustedContent: true },
  { partner: 'coldchain', name: 'reserve_cold_slot', access: 'write', params: ['unit', 'item', 'quantity', 'until'], compensation: 'release_cold_slot', untrustedContent: false },
  { partner: 'coldchain', name: 'release_cold_slot', access: 'write', params: ['slot'], compensation: null, untrustedContent: false },
];

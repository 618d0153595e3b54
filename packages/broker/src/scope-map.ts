// What a lease of each purpose covers, per partner (shared/spec/desk.md, "Scope map"):
// read_capacity → the partner's reads; execute_plan → its writes and their compensations. Data
// only; a call to a tool not listed under its lease's purpose is out of scope and denied.
import type { PartnerName } from './partners.ts';

export const LEASE_PURPOSES = ['read_capacity', 'execute_plan'] as const;
export type LeasePurpose = (typeof LEASE_PURPOSES)[number];

export const SCOPE_MAP: Readonly<Record<PartnerName, Readonly<Record<LeasePurpose, readonly string[]>>>> = {
  pantry: {
    read_capacity: ['list_parcel_stock', 'check_dietary_fit', 'read_pantry_notes'],
    execute_plan: ['reserve_parcels', 'release_parcels'],
  },
  shelter: {
    read_capacity: ['list_bed_availability', 'check_accessibility', 'read_shelter_notes'],
    execute_plan: ['hold_beds', 'release_beds'],
  },
  rides: {
    read_capacity: ['list_ride_windows', 'read_ride_notes'],
    execute_plan: ['book_ride', 'cancel_ride'],
  },
  coldchain: {
    read_capacity: ['list_cold_units', 'read_temperature_log', 'read_coldchain_notes'],
    execute_plan: ['reserve_cold_slot', 'release_cold_slot'],
  },
};

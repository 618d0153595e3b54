// The reads find_capacity makes at each partner under a read lease: what tells the desk what
// the partner has for a request. Data only; an argument is named by the request field it comes
// from.
import type { PartnerName } from '@warrant/broker';

/** Where a capacity read's argument comes from: the request's date (its deadline's day). */
export type RequestField = 'date';

export interface CapacityRead {
  readonly tool: string;
  readonly args: Readonly<Record<string, RequestField>>;
}

export const CAPACITY_READS: Readonly<Record<PartnerName, readonly CapacityRead[]>> = {
  pantry: [{ tool: 'list_parcel_stock', args: {} }, { tool: 'read_pantry_notes', args: {} }],
  shelter: [{ tool: 'list_bed_availability', args: { night: 'date' } }, { tool: 'read_shelter_notes', args: {} }],
  rides: [{ tool: 'list_ride_windows', args: { date: 'date' } }, { tool: 'read_ride_notes', args: {} }],
  coldchain: [{ tool: 'list_cold_units', args: {} }, { tool: 'read_coldchain_notes', args: {} }],
};

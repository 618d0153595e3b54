// Four partner manifests for the broker's own tests (the relief network the desk is built for,
// as manifests a desk would hand the broker), on the origins of this repository's registry. The
// broker holds none of them; its tests are handed these as any desk hands it its own. Kept outside
// src/, so the package as built and published has no partner in it.
import { SITES } from '@warrant/config';
import { createPartnerDirectory } from '../src/partner-directory.ts';
import type { PartnerManifest, PartnerTool } from '../src/partner-manifest.ts';

const read = (name: string, params: string[] = [], untrusted = false): PartnerTool => ({
  name,
  access: 'read',
  params,
  untrusted,
});
const write = (name: string, params: string[]): PartnerTool => ({ name, access: 'write', params, untrusted: false });
const fromResult = (field: string) => ({ [field]: { from: 'result' as const, field } });

/** The four partners' names, for tests that reach one by name. */
export type ReliefPartner = 'pantry' | 'shelter' | 'rides' | 'coldchain';

export const RELIEF_MANIFESTS: readonly PartnerManifest[] = [
  {
    name: 'pantry',
    origin: SITES.pantry.origin,
    title: SITES.pantry.title,
    tools: [
      read('list_parcel_stock'),
      read('check_dietary_fit', ['people', 'needs']),
      read('read_pantry_notes', [], true),
      write('reserve_parcels', ['kind', 'count', 'dietary', 'pickup_by']),
      write('release_parcels', ['reservation']),
    ],
    scopes: {
      read_capacity: ['list_parcel_stock', 'check_dietary_fit', 'read_pantry_notes'],
      execute_plan: ['reserve_parcels', 'release_parcels'],
    },
    compensations: { reserve_parcels: { undo: 'release_parcels', args: fromResult('reservation') } },
    receipt_key: null,
  },
  {
    name: 'shelter',
    origin: SITES.shelter.origin,
    title: SITES.shelter.title,
    tools: [
      read('list_bed_availability', ['night']),
      read('check_accessibility', ['needs']),
      read('read_shelter_notes', [], true),
      write('hold_beds', ['kind', 'count', 'night']),
      write('release_beds', ['hold']),
    ],
    scopes: {
      read_capacity: ['list_bed_availability', 'check_accessibility', 'read_shelter_notes'],
      execute_plan: ['hold_beds', 'release_beds'],
    },
    compensations: { hold_beds: { undo: 'release_beds', args: fromResult('hold') } },
    receipt_key: null,
  },
  {
    name: 'rides',
    origin: SITES.rides.origin,
    title: SITES.rides.title,
    tools: [
      read('list_ride_windows', ['date']),
      read('read_ride_notes', [], true),
      write('book_ride', ['window', 'seats', 'from', 'to']),
      write('cancel_ride', ['booking']),
    ],
    scopes: { read_capacity: ['list_ride_windows', 'read_ride_notes'], execute_plan: ['book_ride', 'cancel_ride'] },
    compensations: { book_ride: { undo: 'cancel_ride', args: fromResult('booking') } },
    receipt_key: null,
  },
  {
    name: 'coldchain',
    origin: SITES.coldchain.origin,
    title: SITES.coldchain.title,
    tools: [
      read('list_cold_units'),
      read('read_temperature_log', ['unit']),
      read('read_coldchain_notes', [], true),
      write('reserve_cold_slot', ['unit', 'item', 'quantity', 'until']),
      write('release_cold_slot', ['slot']),
    ],
    scopes: {
      read_capacity: ['list_cold_units', 'read_temperature_log', 'read_coldchain_notes'],
      execute_plan: ['reserve_cold_slot', 'release_cold_slot'],
    },
    compensations: { reserve_cold_slot: { undo: 'release_cold_slot', args: fromResult('slot') } },
    receipt_key: null,
  },
];

export const RELIEF_PARTNERS = createPartnerDirectory(RELIEF_MANIFESTS);

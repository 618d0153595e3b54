// The Alder Lane Community Pantry as a partner site: its seeded week, its events, its notes, its
// five tools and its staff's two acts.
import { definePartner } from '@warrant/partner-kit';
import { handOver, receiveDelivery } from './staff.ts';
import { reducePantry, type PantryData, type PantryEvent } from './state.ts';
import { checkDietaryFit, listParcelStock, readPantryNotes, releaseParcels, reserveParcels } from './tools.ts';

export const pantry = definePartner<PantryData, PantryEvent>({
  site: 'pantry',
  organisation: 'Alder Lane Community Pantry',
  tagline: 'Food parcels for households across the Alder Lane and Quarry Hill estates. Pickup Monday to Saturday.',
  seed: async (calendar) => (await import('./seed.ts')).seedPantry(calendar),
  reduce: reducePantry,
  notes: (data) => data.notes,
  reads: [listParcelStock, checkDietaryFit, readPantryNotes],
  writes: [reserveParcels, releaseParcels],
  staff: [handOver, receiveDelivery],
});

// The Tidewater Community Laundry as a partner site: its seeded week, its events, its notes, its
// four tools and its staff's one act.
import { definePartner } from '@warrant/partner-kit';
import { markCollected } from './staff.ts';
import { reduceLaundry, type LaundryData, type LaundryEvent } from './state.ts';
import { bookWashSlot, cancelWashSlot, laundryCapacity, readLaundryNotes } from './tools.ts';

export const laundry = definePartner<LaundryData, LaundryEvent>({
  site: 'laundry',
  organisation: 'Tidewater Community Laundry',
  tagline: 'Free washing and drying for households in temporary housing. Open every day, 08:00 to 21:00.',
  seed: async (calendar) => (await import('./seed.ts')).seedLaundry(calendar),
  reduce: reduceLaundry,
  notes: (data) => data.notes,
  reads: [laundryCapacity, readLaundryNotes],
  writes: [bookWashSlot, cancelWashSlot],
  staff: [markCollected],
});

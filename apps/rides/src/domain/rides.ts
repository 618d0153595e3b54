// The Riverside Ride Collective as a partner site: its seeded week, its events, its notes, its
// four tools and its staff's act.
import { definePartner } from '@warrant/partner-kit';
import { setWindow } from './staff.ts';
import { reduceRides, type RidesData, type RidesEvent } from './state.ts';
import { bookRide, cancelRide, listRideWindows, readRideNotes } from './tools.ts';

export const rides = definePartner<RidesData, RidesEvent>({
  site: 'rides',
  organisation: 'Riverside Ride Collective',
  tagline: 'Volunteer drivers for appointments, food collections and moves across the river wards.',
  seed: async (calendar) => (await import('./seed.ts')).seedRides(calendar),
  reduce: reduceRides,
  notes: (data) => data.notes,
  reads: [listRideWindows, readRideNotes],
  writes: [bookRide, cancelRide],
  staff: [setWindow],
});

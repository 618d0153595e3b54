// The laundry's week as it is seeded: no bookings yet, and the notes, on the days of the week the
// site was seeded in. Loaded only when a new week is seeded.
import type { SeedCalendar } from '@warrant/partner-kit';
import { NOTES } from './notes.ts';
import type { LaundryData } from './state.ts';

export function seedLaundry(calendar: SeedCalendar): LaundryData {
  return {
    bookings: [],
    notes: NOTES.map(({ day, ...note }) => ({ ...note, day: calendar.day(day) })),
  };
}

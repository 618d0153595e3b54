// The collective's week as it is seeded. Loaded only when a new week is seeded, and it imports
// nothing at run time, so it shares no code with the page.
import type { SeedCalendar } from '@warrant/partner-kit';
import { NOTES } from './notes.ts';
import { WINDOWS } from './seed-data.ts';
import type { RidesData } from './state.ts';

export function seedRides(calendar: SeedCalendar): RidesData {
  return {
    windows: WINDOWS.map(({ day, ...window }) => ({ ...window, day: calendar.day(day), stoodDown: false })),
    bookings: [],
    notes: NOTES.map(({ day, ...note }) => ({ ...note, day: calendar.day(day) })),
  };
}

// The closet's week as it is seeded. Loaded only when a new week is seeded, and it imports
// nothing at run time, so it shares no code with the page.
import type { SeedCalendar } from '@warrant/partner-kit';
import { NOTES } from './notes.ts';
import { READINGS, STORED, UNITS } from './seed-data.ts';
import type { ColdchainData } from './state.ts';

export function seedColdchain(calendar: SeedCalendar): ColdchainData {
  return {
    units: UNITS.map((unit) => ({ ...unit })),
    stored: STORED.map((s) => ({ ...s })),
    slots: [],
    readings: READINGS.map(({ day, time, ...reading }) => ({ ...reading, at: `${calendar.day(day)}T${time}` })),
    notes: NOTES.map(({ day, ...note }) => ({ ...note, day: calendar.day(day) })),
  };
}

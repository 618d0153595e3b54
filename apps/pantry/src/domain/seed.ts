// The pantry's week as it is seeded: the shelves, the deliveries expected and the notes, on the
// days of the week the site was seeded in. Loaded only when a new week is seeded, and it imports
// nothing at run time, so it shares no code with the page.
import type { SeedCalendar } from '@warrant/partner-kit';
import type { Dietary, Kind } from './catalogue.ts';
import { NOTES } from './notes.ts';
import { EXPECTED_DELIVERIES, SHELVES } from './seed-data.ts';
import type { PantryData } from './state.ts';

export function seedPantry(calendar: SeedCalendar): PantryData {
  const shelves: Record<Kind, Partial<Record<Dietary, number>>> = { family: {}, single: {}, infant: {} };
  for (const { kind, dietary, count } of SHELVES) shelves[kind][dietary] = count;
  return {
    shelves,
    reservations: [],
    deliveries: EXPECTED_DELIVERIES.map(({ day, ...delivery }) => ({
      ...delivery,
      day: calendar.day(day),
      received: false,
    })),
    notes: NOTES.map(({ day, ...note }) => ({ ...note, day: calendar.day(day) })),
  };
}

// The shelter's week as it is seeded. Loaded only when a new week is seeded, and it imports
// nothing at run time, so it shares no code with the page.
import type { SeedCalendar } from '@warrant/partner-kit';
import { NOTES } from './notes.ts';
import { BEDS, OUT_OF_SERVICE, TAKEN } from './seed-data.ts';
import type { ShelterData } from './state.ts';

export function seedShelter(calendar: SeedCalendar): ShelterData {
  return {
    beds: BEDS.map((bed) => ({ ...bed, inService: !OUT_OF_SERVICE.includes(bed.id) })),
    taken: Object.fromEntries(TAKEN.map(({ night, beds }) => [calendar.day(night), beds])),
    holds: [],
    notes: NOTES.map(({ day, ...note }) => ({ ...note, day: calendar.day(day) })),
  };
}

// Northgate Night Shelter as a partner site: its seeded week, its events, its notes, its five
// tools and its staff's act.
import { definePartner } from '@warrant/partner-kit';
import { setInService } from './staff.ts';
import { reduceShelter, type ShelterData, type ShelterEvent } from './state.ts';
import { checkAccessibility, holdBeds, listBedAvailability, readShelterNotes, releaseBeds } from './tools.ts';

export const shelter = definePartner<ShelterData, ShelterEvent>({
  site: 'shelter',
  organisation: 'Northgate Night Shelter',
  tagline: 'Emergency beds every night of the year, 19:00 to 08:00: dorms, family rooms and accessible rooms.',
  seed: async (calendar) => (await import('./seed.ts')).seedShelter(calendar),
  reduce: reduceShelter,
  notes: (data) => data.notes,
  reads: [listBedAvailability, checkAccessibility, readShelterNotes],
  writes: [holdBeds, releaseBeds],
  staff: [setInService],
});

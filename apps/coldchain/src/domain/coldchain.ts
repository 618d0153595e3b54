// The Eastside Cold Chain Closet as a partner site: its seeded week, its events, its notes, its
// five tools and its staff's act.
import { definePartner } from '@warrant/partner-kit';
import { logReading } from './staff.ts';
import { reduceColdchain, type ColdchainData, type ColdchainEvent } from './state.ts';
import { listColdUnits, readColdchainNotes, readTemperatureLog, releaseColdSlot, reserveColdSlot } from './tools.ts';

export const coldchain = definePartner<ColdchainData, ColdchainEvent>({
  site: 'coldchain',
  organisation: 'Eastside Cold Chain Closet',
  tagline:
    'Refrigerated storage for insulin, other medicines and infant milk, for households without a working fridge.',
  seed: async (calendar) => (await import('./seed.ts')).seedColdchain(calendar),
  reduce: reduceColdchain,
  notes: (data) => data.notes,
  reads: [listColdUnits, readTemperatureLog, readColdchainNotes],
  writes: [reserveColdSlot, releaseColdSlot],
  staff: [logReading],
});

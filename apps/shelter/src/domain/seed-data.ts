// The shelter's week as seeded: its beds, the beds already taken by guests booked in, by night
// (0 = the night the site was seeded), and a bed out of service. Data only.
import type { Feature, Kind } from './catalogue.ts';

export const BEDS: ReadonlyArray<{
  readonly id: string;
  readonly kind: Kind;
  readonly room: string;
  readonly features: readonly Feature[];
}> = [
  { id: 'D-01', kind: 'dorm', room: 'Upper dorm', features: [] },
  { id: 'D-02', kind: 'dorm', room: 'Upper dorm', features: [] },
  { id: 'D-03', kind: 'dorm', room: 'Upper dorm', features: [] },
  { id: 'D-04', kind: 'dorm', room: 'Upper dorm', features: [] },
  { id: 'D-05', kind: 'dorm', room: 'Upper dorm', features: [] },
  { id: 'D-06', kind: 'dorm', room: 'Upper dorm', features: [] },
  { id: 'D-07', kind: 'dorm', room: 'Upper dorm', features: [] },
  { id: 'D-08', kind: 'dorm', room: 'Upper dorm', features: [] },
  { id: 'D-09', kind: 'dorm', room: 'Garden dorm', features: ['ground_floor', 'step_free'] },
  { id: 'D-10', kind: 'dorm', room: 'Garden dorm', features: ['ground_floor', 'step_free'] },
  { id: 'D-11', kind: 'dorm', room: 'Garden dorm', features: ['ground_floor', 'step_free', 'hearing_loop'] },
  { id: 'D-12', kind: 'dorm', room: 'Garden dorm', features: ['ground_floor', 'step_free', 'hearing_loop'] },
  { id: 'F-1', kind: 'family_room', room: 'Rowan room', features: ['ground_floor', 'step_free', 'service_animal'] },
  { id: 'F-2', kind: 'family_room', room: 'Hazel room', features: [] },
  { id: 'F-3', kind: 'family_room', room: 'Birch room', features: [] },
  {
    id: 'A-1',
    kind: 'accessible',
    room: 'Willow room',
    features: ['wheelchair', 'step_free', 'ground_floor', 'accessible_bathroom', 'hearing_loop', 'service_animal'],
  },
  {
    id: 'A-2',
    kind: 'accessible',
    room: 'Alder room',
    features: ['wheelchair', 'step_free', 'ground_floor', 'accessible_bathroom', 'service_animal'],
  },
];

export const TAKEN: ReadonlyArray<{ readonly night: number; readonly beds: readonly string[] }> = [
  { night: 0, beds: ['D-01', 'D-02', 'D-03', 'D-04', 'D-05', 'D-06', 'D-08', 'D-09', 'D-11', 'F-2', 'A-2'] },
  { night: 1, beds: ['D-01', 'D-02', 'D-03', 'D-04', 'D-05', 'D-09', 'F-2'] },
  { night: 2, beds: ['D-01', 'D-02', 'D-03', 'D-10', 'F-3'] },
  { night: 3, beds: ['D-01', 'D-02', 'A-1'] },
  { night: 4, beds: ['D-01', 'D-02', 'D-03', 'D-04', 'D-05', 'D-06', 'F-1', 'F-2'] },
  {
    night: 5,
    beds: ['D-01', 'D-02', 'D-03', 'D-04', 'D-05', 'D-06', 'D-08', 'D-09', 'D-10', 'D-11', 'F-1', 'F-2', 'F-3'],
  },
  { night: 6, beds: ['D-01', 'D-02'] },
];

export const OUT_OF_SERVICE: readonly string[] = ['D-07'];

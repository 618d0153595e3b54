// The week the pantry is seeded with: what is on the shelves, and the deliveries expected, by day
// of the week (0 = the day the site was seeded). Data only.
import type { Dietary, Kind } from './catalogue.ts';

export const SHELVES: ReadonlyArray<{ readonly kind: Kind; readonly dietary: Dietary; readonly count: number }> = [
  { kind: 'family', dietary: 'standard', count: 14 },
  { kind: 'family', dietary: 'halal', count: 6 },
  { kind: 'family', dietary: 'vegetarian', count: 5 },
  { kind: 'family', dietary: 'gluten_free', count: 2 },
  { kind: 'family', dietary: 'diabetic', count: 3 },
  { kind: 'single', dietary: 'standard', count: 22 },
  { kind: 'single', dietary: 'halal', count: 8 },
  { kind: 'single', dietary: 'vegetarian', count: 9 },
  { kind: 'single', dietary: 'gluten_free', count: 4 },
  { kind: 'single', dietary: 'diabetic', count: 5 },
  { kind: 'infant', dietary: 'standard', count: 6 },
];

export const EXPECTED_DELIVERIES: ReadonlyArray<{
  readonly id: string;
  readonly day: number;
  readonly kind: Kind;
  readonly dietary: Dietary;
  readonly count: number;
  readonly from: string;
}> = [
  { id: 'D-1', day: 1, kind: 'family', dietary: 'standard', count: 10, from: 'Fenwick Food Bank depot' },
  { id: 'D-2', day: 2, kind: 'single', dietary: 'halal', count: 12, from: 'Masjid Noor kitchen' },
  { id: 'D-3', day: 3, kind: 'infant', dietary: 'standard', count: 8, from: 'Little Steps baby bank' },
  { id: 'D-4', day: 4, kind: 'family', dietary: 'gluten_free', count: 4, from: 'Fenwick Food Bank depot' },
  { id: 'D-5', day: 5, kind: 'single', dietary: 'standard', count: 15, from: 'Co-op surplus run' },
];

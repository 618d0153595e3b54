// The closet's week as seeded: its units and their safe ranges, what already sits in each, and
// the temperature readings of the last days (day 0 = the day the site was seeded). Pharmacy
// fridge B's last reading is out of range. Data only.

export const UNITS: ReadonlyArray<{
  readonly id: string;
  readonly name: string;
  readonly kind: 'fridge' | 'freezer';
  readonly min: number;
  readonly max: number;
  /** How many boxes it holds. */
  readonly capacity: number;
  readonly location: string;
}> = [
  { id: 'CU-1', name: 'Pharmacy fridge A', kind: 'fridge', min: 2, max: 8, capacity: 40, location: 'Back room, left' },
  { id: 'CU-2', name: 'Pharmacy fridge B', kind: 'fridge', min: 2, max: 8, capacity: 30, location: 'Back room, right' },
  {
    id: 'CU-3',
    name: 'Milk and formula fridge',
    kind: 'fridge',
    min: 0,
    max: 4,
    capacity: 24,
    location: 'Front counter',
  },
  { id: 'CU-4', name: 'Chest freezer', kind: 'freezer', min: -25, max: -15, capacity: 25, location: 'Store room' },
];

export const STORED: ReadonlyArray<{ readonly unit: string; readonly item: string; readonly quantity: number }> = [
  { unit: 'CU-1', item: 'Insulin pens, rapid-acting', quantity: 18 },
  { unit: 'CU-1', item: 'Insulin pens, long-acting', quantity: 9 },
  { unit: 'CU-2', item: 'Eye drops, refrigerated', quantity: 6 },
  { unit: 'CU-3', item: 'Ready-made infant formula', quantity: 14 },
  { unit: 'CU-4', item: 'Frozen breast milk', quantity: 7 },
];

export const READINGS: ReadonlyArray<{
  readonly unit: string;
  readonly day: number;
  readonly time: string;
  readonly celsius: number;
  readonly by: string;
}> = [
  { unit: 'CU-1', day: -2, time: '08:00', celsius: 4.1, by: 'Amara' },
  { unit: 'CU-1', day: -2, time: '20:00', celsius: 4.6, by: 'Joel' },
  { unit: 'CU-1', day: -1, time: '08:00', celsius: 3.9, by: 'Wen' },
  { unit: 'CU-1', day: -1, time: '20:00', celsius: 5.2, by: 'Joel' },
  { unit: 'CU-1', day: 0, time: '08:00', celsius: 4.4, by: 'Amara' },
  { unit: 'CU-2', day: -2, time: '08:00', celsius: 5.0, by: 'Amara' },
  { unit: 'CU-2', day: -2, time: '20:00', celsius: 6.3, by: 'Joel' },
  { unit: 'CU-2', day: -1, time: '08:00', celsius: 7.4, by: 'Wen' },
  { unit: 'CU-2', day: -1, time: '20:00', celsius: 7.9, by: 'Joel' },
  { unit: 'CU-2', day: 0, time: '08:00', celsius: 9.1, by: 'Amara' },
  { unit: 'CU-3', day: -2, time: '08:00', celsius: 2.2, by: 'Amara' },
  { unit: 'CU-3', day: -1, time: '08:00', celsius: 2.8, by: 'Wen' },
  { unit: 'CU-3', day: 0, time: '08:00', celsius: 2.5, by: 'Amara' },
  { unit: 'CU-4', day: -2, time: '08:00', celsius: -19.5, by: 'Amara' },
  { unit: 'CU-4', day: -1, time: '08:00', celsius: -18.7, by: 'Wen' },
  { unit: 'CU-4', day: 0, time: '08:00', celsius: -20.1, by: 'Amara' },
];

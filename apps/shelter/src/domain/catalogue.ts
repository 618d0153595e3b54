// The shelter's beds and what each offers. Data only.

export const KINDS = ['dorm', 'family_room', 'accessible'] as const;
export type Kind = (typeof KINDS)[number];

export const KIND_LABEL: Record<Kind, string> = {
  dorm: 'Dorm bed',
  family_room: 'Family room (sleeps 4)',
  accessible: 'Accessible room',
};

export const FEATURES = ['wheelchair', 'step_free', 'ground_floor', 'accessible_bathroom', 'hearing_loop', 'service_animal'] as const;
export type Feature = (typeof FEATURES)[number];

export const FEATURE_LABEL: Record<Feature, string> = {
  wheelchair: 'wheelchair space',
  step_free: 'step-free route',
  ground_floor: 'ground floor',
  accessible_bathroom: 'accessible bathroom',
  hearing_loop: 'hearing loop',
  service_animal: 'service animal welcome',
};

export const BEDS: ReadonlyArray<{ readonly id: string; readonly kind: Kind; readonly room: string; readonly features: readonly Feature[] }> = [
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
  { id: 'A-1', kind: 'accessible', room: 'Willow room', features: ['wheelchair', 'step_free', 'ground_floor', 'accessible_bathroom', 'hearing_loop', 'service_animal'] },
  { id: 'A-2', kind: 'accessible', room: 'Alder room', features: ['wheelchair', 'step_free', 'ground_floor', 'accessible_bathroom', 'service_animal'] },
];

export const DOORS = 'Doors open 19:00 to 08:00 every night. Step-free entrance on Carr Street.';
export const MAX_BEDS_PER_HOLD = 4;

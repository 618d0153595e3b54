// The shelter's beds and what each offers. Data only.

export const KINDS = ['dorm', 'family_room', 'accessible'] as const;
export type Kind = (typeof KINDS)[number];

export const KIND_LABEL: Record<Kind, string> = {
  dorm: 'Dorm bed',
  family_room: 'Family room (sleeps 4)',
  accessible: 'Accessible room',
};

export const FEATURES = [
  'wheelchair',
  'step_free',
  'ground_floor',
  'accessible_bathroom',
  'hearing_loop',
  'service_animal',
] as const;
export type Feature = (typeof FEATURES)[number];

export const FEATURE_LABEL: Record<Feature, string> = {
  wheelchair: 'wheelchair space',
  step_free: 'step-free route',
  ground_floor: 'ground floor',
  accessible_bathroom: 'accessible bathroom',
  hearing_loop: 'hearing loop',
  service_animal: 'service animal welcome',
};

export const DOORS = 'Doors open 19:00 to 08:00 every night. Step-free entrance on Carr Street.';
export const MAX_BEDS_PER_HOLD = 4;

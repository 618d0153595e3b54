// What the pantry hands out and how: parcel kinds, dietary options, the needs each option meets,
// and when the doors are open. Data only.

export const KINDS = ['family', 'single', 'infant'] as const;
export type Kind = (typeof KINDS)[number];

export const KIND_LABEL: Record<Kind, string> = {
  family: 'Family parcel (4 people, 3 days)',
  single: 'Single parcel (1 person, 3 days)',
  infant: 'Baby and toddler parcel',
};

/** How many people one parcel of a kind feeds; the infant parcel is added beside the others. */
export const FEEDS: Record<Kind, number> = { family: 4, single: 1, infant: 0 };

export const DIETARY = ['standard', 'halal', 'vegetarian', 'gluten_free', 'diabetic'] as const;
export type Dietary = (typeof DIETARY)[number];

export const DIETARY_LABEL: Record<Dietary, string> = {
  standard: 'Standard',
  halal: 'Halal',
  vegetarian: 'Vegetarian',
  gluten_free: 'Gluten free',
  diabetic: 'Low sugar',
};

/** The dietary options each kind is packed in. */
export const PACKED: Record<Kind, readonly Dietary[]> = {
  family: DIETARY,
  single: DIETARY,
  infant: ['standard'],
};

export const NEEDS = ['halal', 'no_pork', 'vegetarian', 'gluten_free', 'diabetic', 'infant'] as const;
export type Need = (typeof NEEDS)[number];

/** The needs a dietary option meets. `infant` is met by adding a baby and toddler parcel. */
export const MEETS: Record<Dietary, readonly Need[]> = {
  standard: [],
  halal: ['halal', 'no_pork'],
  vegetarian: ['vegetarian', 'no_pork'],
  gluten_free: ['gluten_free'],
  diabetic: ['diabetic'],
};

/** Days the doors open for pickup (0 = Sunday), and the hours. */
export const OPEN_WEEKDAYS: readonly number[] = [1, 2, 3, 4, 5, 6];
export const HOURS = 'Mon to Sat 10:00 to 16:00, Thursday until 19:00. Closed Sunday.';
export const MAX_PARCELS_PER_RESERVATION = 10;

// The collective's vehicles and how rides are booked. Data only.

export const VEHICLES = {
  car: { label: 'Car', seats: 3, wheelchair: false },
  people_carrier: { label: 'People carrier', seats: 6, wheelchair: false },
  wheelchair_van: { label: 'Wheelchair-accessible van', seats: 3, wheelchair: true },
} as const;
export type Vehicle = keyof typeof VEHICLES;

export const MAX_SEATS_PER_BOOKING = 6;
export const PLACE_MAX_LENGTH = 120;
export const WINDOW_PATTERN = '^RW-[0-9]{2}$';
export const HOW_IT_WORKS =
  'A driver picks up within the window and drops off before it ends. Seats include carers and children.';

// The laundry's machines and how wash slots are booked. Data only.

export const WINDOWS = ['morning', 'afternoon', 'evening'] as const;
export type Window = (typeof WINDOWS)[number];

export const WINDOW_LABEL: Readonly<Record<Window, string>> = {
  morning: 'Morning',
  afternoon: 'Afternoon',
  evening: 'Evening',
};
export const WINDOW_HOURS: Readonly<Record<Window, string>> = {
  morning: '08:00–12:00',
  afternoon: '12:00–17:00',
  evening: '17:00–21:00',
};

/** How many loads the washers take in each window of a day (a load is one machine's cycle with its dryer). */
export const LOADS_PER_WINDOW: Readonly<Record<Window, number>> = { morning: 6, afternoon: 8, evening: 4 };

export const MAX_LOADS_PER_BOOKING = 4;
export const HOW_IT_WORKS =
  'A load is one washer cycle and its dryer; detergent is provided. Bring the laundry at the start of the window and collect it before it ends.';

// The laundry's data and the one way it changes (reduce). A window's loads are free unless a
// booked wash slot counts them; a booking is booked until it is cancelled or collected.
import type { Note } from '@warrant/partner-kit';
import { LOADS_PER_WINDOW, type Window } from './catalogue.ts';

export interface Booking {
  readonly id: string;
  readonly day: string;
  readonly window: Window;
  readonly loads: number;
  readonly request: string;
  readonly status: 'booked' | 'cancelled' | 'collected';
}

export interface LaundryData {
  readonly bookings: readonly Booking[];
  readonly notes: readonly Note[];
}

export type LaundryEvent =
  | { readonly type: 'booked'; readonly booking: Booking }
  | { readonly type: 'cancelled'; readonly booking: string }
  | { readonly type: 'collected'; readonly booking: string };

export function loadsOf(window: Window): number {
  return LOADS_PER_WINDOW[window];
}

export function booked(data: LaundryData, day: string, window: Window): number {
  return data.bookings
    .filter((b) => b.status === 'booked' && b.day === day && b.window === window)
    .reduce((sum, b) => sum + b.loads, 0);
}

export function free(data: LaundryData, day: string, window: Window): number {
  return loadsOf(window) - booked(data, day, window);
}

function withStatus(data: LaundryData, id: string, status: Booking['status']): readonly Booking[] {
  return data.bookings.map((b) => (b.id === id ? { ...b, status } : b));
}

export function reduceLaundry(data: LaundryData, event: LaundryEvent): LaundryData {
  switch (event.type) {
    case 'booked':
      return { ...data, bookings: [...data.bookings, event.booking] };
    case 'cancelled':
      return { ...data, bookings: withStatus(data, event.booking, 'cancelled') };
    case 'collected':
      return { ...data, bookings: withStatus(data, event.booking, 'collected') };
    default:
      // A stored event this code does not know: the record is set aside, not folded wrongly.
      throw new Error(`Unknown laundry event: ${JSON.stringify(event)}`);
  }
}

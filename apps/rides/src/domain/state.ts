// The collective's data and the one way it changes (reduce). A window has the seats of its
// vehicle; seats are free unless booked before the week was seeded or by a booking still live.
import type { Note } from '@warrant/partner-kit';
import { VEHICLES, type Vehicle } from './catalogue.ts';

export interface RideWindow {
  readonly id: string;
  readonly day: string;
  readonly start: string;
  readonly end: string;
  readonly driver: string;
  readonly vehicle: Vehicle;
  readonly area: string;
  /** Seats booked before the week was seeded (by phone, at the office). */
  readonly booked: number;
  /** The driver cannot make it: no new bookings. */
  readonly stoodDown: boolean;
}

export interface Booking {
  readonly id: string;
  readonly window: string;
  readonly seats: number;
  readonly from: string;
  readonly to: string;
  readonly request: string;
  readonly status: 'booked' | 'cancelled';
}

export interface RidesData {
  readonly windows: readonly RideWindow[];
  readonly bookings: readonly Booking[];
  readonly notes: readonly Note[];
}

export type RidesEvent =
  | { readonly type: 'booked'; readonly booking: Booking }
  | { readonly type: 'cancelled'; readonly booking: string }
  | { readonly type: 'window'; readonly window: string; readonly stoodDown: boolean };

export function liveBookings(data: RidesData, window: string): Booking[] {
  return data.bookings.filter((b) => b.window === window && b.status === 'booked');
}

export function seatsFree(data: RidesData, window: RideWindow): number {
  return (
    VEHICLES[window.vehicle].seats - window.booked - liveBookings(data, window.id).reduce((sum, b) => sum + b.seats, 0)
  );
}

/** Windows a ride can still be booked on: not passed, not stood down, with a seat free. */
export function bookable(data: RidesData, today: string): RideWindow[] {
  return data.windows.filter((w) => w.day >= today && !w.stoodDown && seatsFree(data, w) > 0);
}

export function reduceRides(data: RidesData, event: RidesEvent): RidesData {
  switch (event.type) {
    case 'booked':
      return { ...data, bookings: [...data.bookings, event.booking] };
    case 'cancelled':
      return {
        ...data,
        bookings: data.bookings.map((b) => (b.id === event.booking ? { ...b, status: 'cancelled' } : b)),
      };
    case 'window':
      return {
        ...data,
        windows: data.windows.map((w) => (w.id === event.window ? { ...w, stoodDown: event.stoodDown } : w)),
      };
    default:
      // A stored event this code does not know: the record is set aside, not folded wrongly.
      throw new Error(`Unknown rides event: ${JSON.stringify(event)}`);
  }
}

// The collective's four tools (names fixed by the desk's partner table): two reads and a booking
// with its cancellation. Legality follows the windows: booking is in order while a window still
// to come has a seat, cancelling while any booking is live.
import {
  applied,
  dayIn,
  dayLabel,
  defineRead,
  defineWrite,
  freeText,
  idOf,
  mintId,
  notesRead,
  objectSchema,
  perWeek,
  whole,
  type PartnerState,
} from '@warrant/partner-kit';
import { refusal } from '@warrant/surface';
import { HOW_IT_WORKS, MAX_SEATS_PER_BOOKING, PLACE_MAX_LENGTH, VEHICLES, WINDOW_PATTERN } from './catalogue.ts';
import { bookable, seatsFree, type RidesData, type RidesEvent } from './state.ts';

type State = PartnerState<RidesData>;

const seats = (count: number): string => `${count} seat${count === 1 ? '' : 's'}`;

export const listRideWindows = defineRead<RidesData, { readonly date: string }>({
  name: 'list_ride_windows',
  title: 'List ride windows',
  description:
    "Lists the drivers' windows on one date of this week: times, driver, vehicle, area, whether it takes a wheelchair, and seats free. Returns { date, windows: [{ window, start, end, driver, vehicle, wheelchair, area, seats_free, stood_down }], how_it_works }.",
  inputSchema: perWeek((week) => objectSchema({ date: dayIn(week, 'The date, as a day of this week.') }, ['date'])),
  answer: ({ domain }, { date }) => ({
    ok: true,
    date,
    windows: domain.windows
      .filter((w) => w.day === date)
      .map((w) => ({
        window: w.id,
        start: w.start,
        end: w.end,
        driver: w.driver,
        vehicle: w.vehicle,
        wheelchair: VEHICLES[w.vehicle].wheelchair,
        area: w.area,
        seats_free: w.stoodDown ? 0 : seatsFree(domain, w),
        stood_down: w.stoodDown,
      })),
    how_it_works: HOW_IT_WORKS,
  }),
});

export const readRideNotes = notesRead<RidesData>({
  name: 'read_ride_notes',
  title: 'Read ride notes',
  about: 'Notes left by drivers, dispatch volunteers and riders: routes, parking, vehicles.',
  notes: (data) => data.notes,
});

interface BookInput {
  readonly window: string;
  readonly seats: number;
  readonly from: string;
  readonly to: string;
}

const BOOK_SCHEMA = objectSchema(
  {
    window: {
      type: 'string',
      description: 'The window, as list_ride_windows names it (e.g. RW-04).',
      maxLength: 8,
      pattern: WINDOW_PATTERN,
    },
    seats: whole('Seats needed, carers and children included.', 1, MAX_SEATS_PER_BOOKING),
    from: freeText('Where to pick up: a street address or a place staff know.', PLACE_MAX_LENGTH),
    to: freeText('Where to drop off.', PLACE_MAX_LENGTH),
  },
  ['window', 'seats', 'from', 'to'],
);

export const bookRide = defineWrite<RidesData, RidesEvent, BookInput>({
  name: 'book_ride',
  title: 'Book a ride',
  description:
    "Books seats on a driver's window, from one place to another. In order while a window still to come has a seat free. The result names the booking; cancel_ride with that booking undoes it.",
  inputSchema: () => BOOK_SCHEMA,
  compensation: { undo: 'cancel_ride', args: { booking: { from: 'result', field: 'booking' } } },
  verdict: ({ domain, today }) =>
    bookable(domain, today).length > 0
      ? { legal: true }
      : {
          legal: false,
          reason: 'no window left this week has a seat free',
          cite: 'ride windows',
          code: 'NO_SEATS_FREE',
        },
  apply: (state: State, input) => {
    const { domain, today } = state;
    const window = domain.windows.find((w) => w.id === input.window);
    if (!window)
      return refusal('UNKNOWN_WINDOW', `There is no window ${input.window} this week. Nothing was booked.`, {
        window: input.window,
      });
    if (window.day < today)
      return refusal(
        'WINDOW_PASSED',
        `Window ${window.id} was on ${dayLabel(window.day)}, which has passed. Nothing was booked.`,
        { window: window.id, day: window.day },
      );
    if (window.stoodDown)
      return refusal(
        'WINDOW_STOOD_DOWN',
        `${window.driver} has stood down window ${window.id}. Choose another window; nothing was booked.`,
        { window: window.id },
      );
    const free = seatsFree(domain, window);
    if (free < input.seats) {
      return refusal(
        'NOT_ENOUGH_SEATS',
        `Window ${window.id} has ${seats(free)} free, not ${input.seats}. Nothing was booked.`,
        { window: window.id, free, asked: input.seats },
      );
    }
    const id = mintId('RB', state.book, state.seq + 1);
    return applied<RidesEvent>(
      {
        type: 'booked',
        booking: {
          id,
          window: window.id,
          seats: input.seats,
          from: input.from,
          to: input.to,
          request: input.request,
          status: 'booked',
        },
      },
      {
        booking: id,
        window: window.id,
        date: window.day,
        start: window.start,
        end: window.end,
        seats: input.seats,
        driver: window.driver,
        seats_left: free - input.seats,
      },
      `Booked ${seats(input.seats)} with ${window.driver} on ${dayLabel(window.day)}, ${window.start} to ${window.end}, as ${id}. To undo: cancel_ride with booking ${id}.`,
    );
  },
});

export const cancelRide = defineWrite<RidesData, RidesEvent, { readonly booking: string }>({
  name: 'cancel_ride',
  title: 'Cancel a ride',
  description:
    'Cancels a booking, freeing its seats on the window; it undoes book_ride. In order while any booking is live.',
  inputSchema: () =>
    objectSchema({ booking: idOf('RB', 'The booking to cancel, as book_ride named it.') }, ['booking']),
  verdict: ({ domain }) =>
    domain.bookings.some((b) => b.status === 'booked')
      ? { legal: true }
      : { legal: false, reason: 'no ride is booked', cite: 'bookings', code: 'NOTHING_BOOKED' },
  apply: ({ domain }, { booking }) => {
    const found = domain.bookings.find((b) => b.id === booking);
    if (!found)
      return refusal('UNKNOWN_BOOKING', `There is no booking ${booking} with the collective. Nothing was cancelled.`, {
        booking,
      });
    if (found.status !== 'booked')
      return refusal('BOOKING_NOT_LIVE', `Booking ${booking} was already cancelled. Nothing changed.`, { booking });
    return applied<RidesEvent>(
      { type: 'cancelled', booking },
      { booking, cancelled: found.seats, window: found.window },
      `Cancelled ${booking}: ${seats(found.seats)} free again on window ${found.window}.`,
    );
  },
});

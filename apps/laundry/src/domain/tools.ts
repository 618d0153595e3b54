// The laundry's four tools: what is free by day, the notes, and a wash-slot booking with its
// cancellation. Legality follows the machines: booking is in order while any load of the week is
// free, cancelling while any booking is live.
import {
  applied,
  dayIn,
  dayLabel,
  defineRead,
  defineWrite,
  idOf,
  mintId,
  notesRead,
  objectSchema,
  oneOf,
  perWeek,
  whole,
  type PartnerState,
} from '@warrant/partner-kit';
import { refusal } from '@warrant/surface';
import { HOW_IT_WORKS, MAX_LOADS_PER_BOOKING, WINDOW_HOURS, WINDOW_LABEL, WINDOWS, type Window } from './catalogue.ts';
import { booked, free, loadsOf, type LaundryData, type LaundryEvent } from './state.ts';

type State = PartnerState<LaundryData>;

const loads = (count: number): string => `${count} load${count === 1 ? '' : 's'}`;

function anyFree({ domain, week, today }: State): boolean {
  return week.days.some((day) => day >= today && WINDOWS.some((window) => free(domain, day, window) > 0));
}

export const laundryCapacity = defineRead<LaundryData, { readonly day: string }>({
  name: 'laundry_capacity',
  title: 'Laundry capacity',
  description: `Lists the washing loads of one day by time window: how many the machines take, how many are booked, and how many are free to book now. Returns { day, windows: [{ window, hours, loads, booked, free }], how_it_works }.`,
  inputSchema: perWeek((week) => objectSchema({ day: dayIn(week, 'The day to look at, this week.') }, ['day'])),
  answer: ({ domain }, { day }) => ({
    ok: true,
    day,
    windows: WINDOWS.map((window) => ({
      window,
      hours: WINDOW_HOURS[window],
      loads: loadsOf(window),
      booked: booked(domain, day, window),
      free: free(domain, day, window),
    })),
    how_it_works: HOW_IT_WORKS,
  }),
});

export const readLaundryNotes = notesRead<LaundryData>({
  name: 'read_laundry_notes',
  title: 'Read laundry notes',
  about: 'Notes left by laundry staff, volunteers and visitors: machines out of service, rota, tips.',
  notes: (data) => data.notes,
});

interface BookInput {
  readonly day: string;
  readonly window: Window;
  readonly loads: number;
}

export const bookWashSlot = defineWrite<LaundryData, LaundryEvent, BookInput>({
  name: 'book_wash_slot',
  title: 'Book a wash slot',
  description:
    'Books washing loads in one time window of a day for a household. In order while any load this week is free. The result names the booking; cancel_wash_slot with that booking undoes it.',
  inputSchema: perWeek((week) =>
    objectSchema(
      {
        day: dayIn(week, 'The day of the slot, from today on.'),
        window: oneOf(
          'The time window: morning (08:00–12:00), afternoon (12:00–17:00) or evening (17:00–21:00).',
          WINDOWS,
        ),
        loads: whole('How many loads (one washer cycle and its dryer each).', 1, MAX_LOADS_PER_BOOKING),
      },
      ['day', 'window', 'loads'],
    ),
  ),
  compensation: { undo: 'cancel_wash_slot', args: { booking: { from: 'result', field: 'booking' } } },
  verdict: (state) =>
    anyFree(state)
      ? { legal: true }
      : {
          legal: false,
          reason: 'every load of the week is already booked',
          cite: 'machine count',
          code: 'NOTHING_FREE',
        },
  apply: (state: State, input) => {
    const { domain, today } = state;
    if (input.day < today)
      return refusal(
        'DAY_PASSED',
        `${dayLabel(input.day)} has passed. Choose a day from today on. Nothing was booked.`,
        { day: input.day, today },
      );
    const left = free(domain, input.day, input.window);
    if (left < input.loads) {
      return refusal(
        'NOT_ENOUGH_LOADS',
        `Only ${loads(left)} free on ${dayLabel(input.day)} in the ${input.window}, not ${input.loads}. Nothing was booked.`,
        {
          day: input.day,
          window: input.window,
          free: left,
          asked: input.loads,
        },
      );
    }
    const id = mintId('WS', state.book, state.seq + 1);
    const booking = {
      id,
      day: input.day,
      window: input.window,
      loads: input.loads,
      request: input.request,
      status: 'booked' as const,
    };
    return applied<LaundryEvent>(
      { type: 'booked', booking },
      { booking: id, day: input.day, window: input.window, loads: input.loads, free_after: left - input.loads },
      `Booked ${loads(input.loads)} on ${dayLabel(input.day)}, ${WINDOW_LABEL[input.window].toLowerCase()} (${WINDOW_HOURS[input.window]}), as ${id}. To undo: cancel_wash_slot with booking ${id}.`,
    );
  },
});

export const cancelWashSlot = defineWrite<LaundryData, LaundryEvent, { readonly booking: string }>({
  name: 'cancel_wash_slot',
  title: 'Cancel a wash slot',
  description:
    'Cancels a booked wash slot, putting its loads back on the free count; it undoes book_wash_slot. In order while any booking is live.',
  inputSchema: () =>
    objectSchema({ booking: idOf('WS', 'The booking to cancel, as book_wash_slot named it.') }, ['booking']),
  verdict: ({ domain }) =>
    domain.bookings.some((b) => b.status === 'booked')
      ? { legal: true }
      : { legal: false, reason: 'no wash slot is booked', cite: 'bookings', code: 'NOTHING_BOOKED' },
  apply: ({ domain }, { booking }) => {
    const found = domain.bookings.find((b) => b.id === booking);
    if (!found)
      return refusal('UNKNOWN_BOOKING', `There is no booking ${booking} at this laundry. Nothing was cancelled.`, {
        booking,
      });
    if (found.status !== 'booked')
      return refusal('BOOKING_NOT_LIVE', `Booking ${booking} is ${found.status}, not booked. Nothing was cancelled.`, {
        booking,
        status: found.status,
      });
    return applied<LaundryEvent>(
      { type: 'cancelled', booking },
      { booking, cancelled: found.loads, day: found.day, window: found.window },
      `Cancelled ${booking}: ${loads(found.loads)} back on the free count for ${dayLabel(found.day)}, ${found.window}.`,
    );
  },
});

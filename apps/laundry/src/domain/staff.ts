// What the laundry's own people do from its page: mark a booked slot collected when the household
// takes its washing home. Not a tool.
import { defineStaffAct, type PartnerState } from '@warrant/partner-kit';
import { refusal } from '@warrant/surface';
import type { LaundryData, LaundryEvent } from './state.ts';

export const markCollected = defineStaffAct<LaundryData, LaundryEvent, { readonly booking: string }>({
  name: 'mark_collected',
  title: 'Collected',
  apply: ({ domain }: PartnerState<LaundryData>, { booking }) => {
    const found = domain.bookings.find((b) => b.id === booking);
    if (!found || found.status !== 'booked')
      return refusal('BOOKING_NOT_LIVE', `Booking ${booking} is not booked, so there is nothing to collect.`, {
        booking,
      });
    return {
      ok: true,
      event: { type: 'collected', booking },
      summary: `${booking} collected: ${found.loads} load${found.loads === 1 ? '' : 's'} done.`,
    };
  },
});

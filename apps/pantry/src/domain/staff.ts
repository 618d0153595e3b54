// What the pantry's own people do from its page: hand a reserved parcel over when the household
// collects it, and book in an expected delivery when it arrives. Neither is a tool.
import { defineStaffAct, type PartnerState } from '@warrant/partner-kit';
import { refusal } from '@warrant/surface';
import type { PantryData, PantryEvent } from './state.ts';

type State = PartnerState<PantryData>;

export const handOver = defineStaffAct<PantryData, PantryEvent, { readonly reservation: string }>({
  name: 'hand_over',
  title: 'Handed over',
  apply: ({ domain }: State, { reservation }) => {
    const found = domain.reservations.find((r) => r.id === reservation);
    if (!found || found.status !== 'held')
      return refusal(
        'RESERVATION_NOT_HELD',
        `Reservation ${reservation} is not held, so there is nothing to hand over.`,
        { reservation },
      );
    return {
      ok: true,
      event: { type: 'handed_over', reservation },
      summary: `${reservation} handed over: ${found.count} parcel${found.count === 1 ? '' : 's'} left the shelves.`,
    };
  },
});

export const receiveDelivery = defineStaffAct<PantryData, PantryEvent, { readonly delivery: string }>({
  name: 'receive_delivery',
  title: 'Delivery received',
  // What the site can offer this week: a staff member's passkey confirms it, not a session alone.
  changesStock: true,
  apply: ({ domain }: State, { delivery }) => {
    const found = domain.deliveries.find((d) => d.id === delivery);
    if (!found) return refusal('UNKNOWN_DELIVERY', `No delivery ${delivery} is expected.`, { delivery });
    if (found.received)
      return refusal('ALREADY_RECEIVED', `The delivery from ${found.from} was already booked in.`, { delivery });
    return {
      ok: true,
      event: { type: 'delivered', delivery },
      summary: `Booked in ${found.count} parcels from ${found.from}.`,
    };
  },
});

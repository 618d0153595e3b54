import type { PanelsProps } from '@warrant/partner-kit';
import type { LaundryData } from '../domain/state.ts';
import { BookingsPanel } from './bookings-panel.tsx';
import { CapacityPanel } from './capacity-panel.tsx';

/** The laundry's own panels: the loads free by day and window, and the wash slots booked. */
export function LaundryPanels({ state, act, compact }: PanelsProps<LaundryData>) {
  return (
    <>
      <CapacityPanel state={state} compact={compact} />
      <BookingsPanel data={state.domain} act={act} />
    </>
  );
}

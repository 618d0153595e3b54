import type { PanelsProps } from '@warrant/partner-kit';
import type { RidesData } from '../domain/state.ts';
import { BookingsPanel } from './bookings-panel.tsx';
import { WindowsPanel } from './windows-panel.tsx';

/** The collective's own panels: the week's windows and seats, and the bookings. */
export function RidesPanels({ state, act, compact }: PanelsProps<RidesData>) {
  return (
    <>
      <WindowsPanel state={state} act={act} compact={compact} />
      <BookingsPanel data={state.domain} />
    </>
  );
}

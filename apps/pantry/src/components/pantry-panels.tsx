import type { PanelsProps } from '@warrant/partner-kit';
import type { PantryData } from '../domain/state.ts';
import { DeliveriesPanel } from './deliveries-panel.tsx';
import { ReservationsPanel } from './reservations-panel.tsx';
import { StockPanel } from './stock-panel.tsx';

/** The pantry's own panels: the shelves, what is reserved, and what is on its way. */
export function PantryPanels({ state, act, compact }: PanelsProps<PantryData>) {
  return (
    <>
      <StockPanel data={state.domain} />
      <ReservationsPanel data={state.domain} act={act} />
      {compact ? null : <DeliveriesPanel data={state.domain} act={act} />}
    </>
  );
}

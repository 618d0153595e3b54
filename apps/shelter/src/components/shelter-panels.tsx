import type { PanelsProps } from '@warrant/partner-kit';
import type { ShelterData } from '../domain/state.ts';
import { BedBoard } from './bed-board.tsx';
import { HoldsPanel } from './holds-panel.tsx';

/** The shelter's own panels: the bed board for a night, and the holds. */
export function ShelterPanels({ state, act, compact }: PanelsProps<ShelterData>) {
  return (
    <>
      <BedBoard state={state} act={act} compact={compact} />
      <HoldsPanel data={state.domain} />
    </>
  );
}

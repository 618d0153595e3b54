import type { PanelsProps } from '@warrant/partner-kit';
import type { ColdchainData } from '../domain/state.ts';
import { ReadingForm } from './reading-form.tsx';
import { SlotsPanel } from './slots-panel.tsx';
import { UnitsPanel } from './units-panel.tsx';

/** The closet's own panels: the units and their readings, the reading form, and the slots. */
export function ColdchainPanels({ state, act, compact }: PanelsProps<ColdchainData>) {
  return (
    <>
      <UnitsPanel data={state.domain} />
      {compact ? null : <ReadingForm data={state.domain} act={act} />}
      <SlotsPanel data={state.domain} />
    </>
  );
}

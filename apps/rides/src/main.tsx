import { startPartner } from '@warrant/partner-kit/page';
import { rides } from './domain/rides.ts';

await startPartner(rides, {
  loadPanels: () => import('./components/rides-panels.tsx').then((panels) => panels.RidesPanels),
});

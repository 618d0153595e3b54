import { startPartner } from '@warrant/partner-kit/page';
import { rides } from './domain/rides.ts';

// No top-level await: with one, the bundler stops merging the lazy chunks' shared modules and the
// first visit downloads more (as the desk's main.tsx says).
void startPartner(rides, {
  loadPanels: () => import('./components/rides-panels.tsx').then((panels) => panels.RidesPanels),
});

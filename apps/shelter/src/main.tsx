import { startPartner } from '@warrant/partner-kit/page';
import { shelter } from './domain/shelter.ts';

// No top-level await: with one, the bundler stops merging the lazy chunks' shared modules and the
// first visit downloads more (as the desk's main.tsx says).
void startPartner(shelter, {
  loadPanels: () => import('./components/shelter-panels.tsx').then((panels) => panels.ShelterPanels),
});

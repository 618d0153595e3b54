import { startPartner } from '@warrant/partner-kit/page';
import { laundry } from './domain/laundry.ts';

// No top-level await: with one, the bundler stops merging the lazy chunks' shared modules and the
// first visit downloads more (as the desk's main.tsx says).
void startPartner(laundry, {
  loadPanels: () => import('./components/laundry-panels.tsx').then((panels) => panels.LaundryPanels),
});

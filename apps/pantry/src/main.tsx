import { startPartner } from '@warrant/partner-kit/page';
import { pantry } from './domain/pantry.ts';

// No top-level await: with one, the bundler stops merging the lazy chunks' shared modules and the
// first visit downloads more (as the desk's main.tsx says).
void startPartner(pantry, {
  loadPanels: () => import('./components/pantry-panels.tsx').then((panels) => panels.PantryPanels),
});

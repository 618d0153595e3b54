import { startPartner } from '@warrant/partner-kit/page';
import { pantry } from './domain/pantry.ts';

await startPartner(pantry, {
  loadPanels: () => import('./components/pantry-panels.tsx').then((panels) => panels.PantryPanels),
});

import { startPartner } from '@warrant/partner-kit/page';
import { laundry } from './domain/laundry.ts';

await startPartner(laundry, {
  loadPanels: () => import('./components/laundry-panels.tsx').then((panels) => panels.LaundryPanels),
});

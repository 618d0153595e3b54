import { startPartner } from '@warrant/partner-kit/page';
import { shelter } from './domain/shelter.ts';

await startPartner(shelter, {
  loadPanels: () => import('./components/shelter-panels.tsx').then((panels) => panels.ShelterPanels),
});

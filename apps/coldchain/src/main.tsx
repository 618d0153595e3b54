import { startPartner } from '@warrant/partner-kit/page';
import { coldchain } from './domain/coldchain.ts';

await startPartner(coldchain, {
  loadPanels: () => import('./components/coldchain-panels.tsx').then((panels) => panels.ColdchainPanels),
});

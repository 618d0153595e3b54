import { startPartner } from '@warrant/partner-kit/page';
import { coldchain } from './domain/coldchain.ts';

// No top-level await: with one, the bundler stops merging the lazy chunks' shared modules and the
// first visit downloads more (as the desk's main.tsx says).
void startPartner(coldchain, {
  loadPanels: () => import('./components/coldchain-panels.tsx').then((panels) => panels.ColdchainPanels),
});

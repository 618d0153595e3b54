import { startPartner } from '@warrant/partner-kit/page';
import { ColdchainPanels } from './components/coldchain-panels.tsx';
import { coldchain } from './domain/coldchain.ts';

await startPartner(coldchain, { Panels: ColdchainPanels });

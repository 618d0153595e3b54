import { startPartner } from '@warrant/partner-kit/page';
import { LaundryPanels } from './components/laundry-panels.tsx';
import { laundry } from './domain/laundry.ts';

await startPartner(laundry, { Panels: LaundryPanels });

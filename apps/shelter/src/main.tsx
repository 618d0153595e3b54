import { startPartner } from '@warrant/partner-kit/page';
import { ShelterPanels } from './components/shelter-panels.tsx';
import { shelter } from './domain/shelter.ts';

await startPartner(shelter, { Panels: ShelterPanels });

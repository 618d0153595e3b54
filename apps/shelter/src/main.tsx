import { startPartner } from '@warrant/partner-kit';
import { ShelterPanels } from './components/shelter-panels.tsx';
import { shelter } from './domain/shelter.ts';

await startPartner(shelter, { Panels: ShelterPanels });

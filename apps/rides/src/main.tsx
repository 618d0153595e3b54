import { startPartner } from '@warrant/partner-kit/page';
import { RidesPanels } from './components/rides-panels.tsx';
import { rides } from './domain/rides.ts';

await startPartner(rides, { Panels: RidesPanels });

import { startPartner } from '@warrant/partner-kit/page';
import { PantryPanels } from './components/pantry-panels.tsx';
import { pantry } from './domain/pantry.ts';

await startPartner(pantry, { Panels: PantryPanels });

// This site's own server: its record in its own database, every write decided there.
import { openPartnerServer } from '@warrant/partner-kit/server';
import type { OpenSiteServer } from '@warrant/site-server';
import { pantry } from './domain/pantry.ts';

export const openServer: OpenSiteServer = (db) => openPartnerServer(pantry, { db });

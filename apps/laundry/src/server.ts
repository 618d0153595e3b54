// This site's own server: its record in its own database, every write decided there.
import { openPartnerServer } from '@warrant/partner-kit/server';
import type { OpenSiteServer } from '@warrant/site-server';
import { laundry } from './domain/laundry.ts';

export const openServer: OpenSiteServer = (db) => openPartnerServer(laundry, { db });

// This site's own server: its record in its own database, every write decided there.
import { openPartnerServer } from '@warrant/partner-kit/server';
import type { OpenSiteServer } from '@warrant/site-server';
import { coldchain } from './domain/coldchain.ts';

export const openServer: OpenSiteServer = (db) => openPartnerServer(coldchain, { db });

// A partner site's server: its record in its own database, every write decided there.
export { openPartnerServer, type PartnerServer, type PartnerServerOptions } from './server/partner-server.ts';

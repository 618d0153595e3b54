export { SITES, HOST, LOOPBACK_ADDRESS, insecureOriginOf, INSECURE_TEST_HOST, PORT_BASE, portBaseFrom, type Site, type SiteName } from './origins.ts';
export { headersFor } from './headers.ts';

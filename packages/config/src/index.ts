export { SITES, HOST, LOOPBACK_ADDRESS, originOf, insecureOriginOf, INSECURE_TEST_HOST, type Site, type SiteName } from './origins.ts';
export { headersFor } from './headers.ts';

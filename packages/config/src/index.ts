export { SITES, originOf, type Site, type SiteName } from './origins.ts';
export { headersFor } from './headers.ts';

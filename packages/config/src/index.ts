export {
  SITES,
  HOST,
  LOOPBACK_ADDRESS,
  insecureOriginOf,
  INSECURE_TEST_HOST,
  PORT_BASE,
  portBaseFrom,
  type Site,
  type SiteName,
} from './origins.ts';
export { headersFor } from './headers.ts';
export { deskOrigins, TEST_SITES_BUILD_FLAG } from './test-sites.ts';
export { AGENT_ENDPOINTS_SETTING, agentEndpointsFrom } from './agent-endpoints.ts';

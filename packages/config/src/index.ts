export { SITES, HOST, LOOPBACK_ADDRESS, insecureOriginOf, INSECURE_TEST_HOST, PORT_BASE, portBaseFrom, SITE_HOSTS, type Site, type SiteName } from './origins.ts';
export { OWN_HOSTS, SHARED_HOST, SITE_HOSTS_SETTING, siteHostsFrom, type SiteHosts } from './site-hosts.ts';
export { headersFor } from './headers.ts';
export { BUILT_WITH_TEST_SITES, deskOrigins, TEST_SITES_BUILD_FLAG, type TestSitesOption } from './test-sites.ts';
export { AGENT_ENDPOINTS_SETTING, agentEndpointsFrom, MOST_AGENT_ENDPOINTS, type AgentEndpointsOption } from './agent-endpoints.ts';

import { agentEndpointsFrom, type AgentEndpointsOption } from './agent-endpoints.ts';
import { SITES, type Site } from './origins.ts';
import { deskOrigins, type TestSitesOption } from './test-sites.ts';

// The response headers each origin serves. WebMCP refuses a document whose agent cluster is not
// origin-keyed, so product origins insist on it; the probe origin opts out on purpose so the
// desk can show what "unavailable" looks like.

const CSP_BASE = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
];

/**
 * The headers `site` serves. `withTestSites` is for a server started with --with-test-sites (the
 * browser tests): it alone admits the test origins; see test-sites.ts. `agentEndpoints` are the
 * origins WARRANT_AGENT_ENDPOINTS names, which the desk's page may connect to; see agent-endpoints.ts.
 */
export function headersFor(site: Site, options: TestSitesOption & AgentEndpointsOption = {}): Record<string, string> {
  // Partners are framed by the desk; so is the probe origin, whose one document the desk's probe
  // page mounts to ask an unkeyed document what WebMCP does there.
  // For the browser tests only, a partner also admits the desk served on the insecure test host
  // name, where they show the desk with no WebMCP at all still reaching its partners (over the
  // message transport). Production headers never name a test origin.
  const frameAncestors =
    site.role === 'partner'
      ? `frame-ancestors ${deskOrigins(options).join(' ')}`
      : site.role === 'probe'
        ? `frame-ancestors ${SITES.desk.origin}`
        : "frame-ancestors 'none'";
  // The desk frames the partner sites. Its Permissions-Policy is a ceiling on what its frames may
  // use (measured: `tools=(self)` alone makes a framed partner's registerTool fail), so it names
  // every partner origin for `tools`; its CSP lets it frame those origins and no other.
  const isDesk = site.name === 'desk';
  const partnerOrigins = Object.values(SITES)
    .filter((entry) => entry.role === 'partner')
    .map((entry) => entry.origin);
  // The probe origin is named too: the probe page frames it with allow="tools", so that what its
  // document hears is the unkeyed agent cluster's answer and not the permissions policy's.
  const framedOrigins = [...partnerOrigins, SITES.probeUnkeyed.origin];
  // What the desk may connect to (its in-page agent's model endpoint): its own origin, the model
  // gateway, and the person's own endpoints on this computer that the server was started with
  // (WARRANT_AGENT_ENDPOINTS), each by its port: no other port, and nothing off this machine (a
  // hosted provider is reached through the gateway, which holds its key). The list is fixed when
  // the desk is served and a person cannot extend it from the page, so the agent panel reads it
  // from its own page's header and refuses, before any request, an endpoint it does not name.
  // Read again here so that nothing but origins the setting allows can reach the header.
  const ownEndpoints = agentEndpointsFrom((options.agentEndpoints ?? []).join(','));
  const deskConnect = ["connect-src 'self'", SITES.gateway.origin, ...ownEndpoints].join(' ');
  const csp = isDesk
    ? [
        ...CSP_BASE.map((directive) => (directive.startsWith('connect-src') ? deskConnect : directive)),
        `frame-src ${framedOrigins.join(' ')}`,
        frameAncestors,
      ]
    : [...CSP_BASE, frameAncestors];
  const headers: Record<string, string> = {
    'Origin-Agent-Cluster': site.role === 'probe' ? '?0' : '?1',
    'Content-Security-Policy': csp.join('; '),
    'Permissions-Policy': isDesk
      ? `tools=(self ${framedOrigins.map((origin) => `"${origin}"`).join(' ')})`
      : 'tools=(self)',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
  };
  return headers;
}

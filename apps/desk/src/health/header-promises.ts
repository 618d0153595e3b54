import { deskOrigins, headersFor, SITES, type Site } from '@warrant/config';

// What a site's response headers promise, in words: taken from the same headersFor() the servers
// send, so the page cannot promise one thing while the origin serves another.

function frameAncestors(csp: string): string {
  const sources = /frame-ancestors ([^;]+)/.exec(csp)?.[1]?.trim() ?? '';
  if (sources === "'none'") return 'No page may frame it (frame-ancestors none).';
  // In a build for the browser tests, the desk on the insecure test host name is the desk too.
  const desk = deskOrigins();
  if (sources !== '' && sources.split(/\s+/).every((source) => desk.includes(source)))
    return 'Only the dispatch desk may frame it.';
  return `It may be framed by ${sources || 'any page'}.`;
}

function toolsPolicy(policy: string | undefined): string {
  if (!policy) return 'It sends no Permissions-Policy for WebMCP tools.';
  const delegated = (/tools=\(([^)]*)\)/.exec(policy)?.[1] ?? '')
    .split(/\s+/)
    .filter((token) => token !== '' && token !== 'self');
  return delegated.length === 0
    ? 'WebMCP tools are allowed for its own pages only (Permissions-Policy tools=(self)).'
    : `WebMCP tools are allowed for its own pages and for ${delegated.length} origins it frames (Permissions-Policy).`;
}

export function headerPromises(site: Site): string[] {
  if (site.role === 'server') {
    return [
      `A server, not a page: it answers requests from ${SITES.desk.origin} only (CORS), and holds no WebMCP of its own.`,
    ];
  }
  const headers = headersFor(site);
  const keyed = headers['Origin-Agent-Cluster'];
  const csp = headers['Content-Security-Policy'] ?? '';
  return [
    keyed === '?1'
      ? 'Origin-Agent-Cluster: ?1, asking for an origin-keyed agent cluster, which WebMCP requires.'
      : `Origin-Agent-Cluster: ${keyed ?? 'not sent'}, opting out of an origin-keyed agent cluster on purpose, to be measured.`,
    csp.includes("script-src 'self'") && !csp.includes('unsafe-eval')
      ? "Scripts only from its own origin, and no eval (CSP script-src 'self')."
      : 'Its CSP allows scripts beyond its own origin.',
    toolsPolicy(headers['Permissions-Policy']),
    frameAncestors(csp),
  ];
}

import { SITES, type Site } from './origins.ts';

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

export function headersFor(site: Site): Record<string, string> {
  const frameAncestors = site.role === 'partner' ? `frame-ancestors ${SITES.desk.origin}` : "frame-ancestors 'none'";
  const headers: Record<string, string> = {
    'Origin-Agent-Cluster': site.role === 'probe' ? '?0' : '?1',
    'Content-Security-Policy': [...CSP_BASE, frameAncestors].join('; '),
    'Permissions-Policy': 'tools=(self)',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
  };
  return headers;
}

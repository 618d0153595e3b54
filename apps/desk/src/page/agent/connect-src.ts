// Whether a Content-Security-Policy lets the page connect to a URL: the agent panel asks its own
// header before it sends anything, so an endpoint the CSP would block is refused in words, not
// left to fail as a blocked request. Only the source forms a policy of ours uses are understood
// ('self', *, a scheme, scheme://host with an optional port or :*); anything else allows nothing.

const DEFAULT_PORTS: Readonly<Record<string, string>> = { 'http:': '80', 'https:': '443' };

function sourcesOf(csp: string, directive: string): readonly string[] | null {
  for (const part of csp.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name?.toLowerCase() === directive) return sources;
  }
  return null;
}

function portOf(url: URL): string {
  return url.port || (DEFAULT_PORTS[url.protocol] ?? '');
}

// As CSP Level 3 has it: a source naming http also matches its secure upgrade, https.
function schemeMatches(source: string, protocol: string): boolean {
  return source === protocol || (source === 'http:' && protocol === 'https:');
}

function matches(source: string, url: URL, self: string): boolean {
  if (source === "'self'") return url.origin === self;
  if (source === '*') return url.protocol === 'http:' || url.protocol === 'https:';
  if (/^[a-z][a-z0-9+.-]*:$/i.test(source)) return schemeMatches(source.toLowerCase(), url.protocol);
  const host = /^([a-z][a-z0-9+.-]*):\/\/([a-z0-9.-]+|\[[0-9a-f:.]+\])(?::(\d{1,5}|\*))?$/i.exec(source);
  if (!host) return false;
  const [, scheme = '', name = '', port] = host;
  if (!schemeMatches(`${scheme.toLowerCase()}:`, url.protocol) || name.toLowerCase() !== url.hostname.toLowerCase())
    return false;
  if (port === '*') return true;
  // No port in the source: the default port of the URL's own scheme (so http://h matches https://h).
  return (port ?? DEFAULT_PORTS[url.protocol] ?? '') === portOf(url);
}

/** Whether `csp` (connect-src, or default-src without one) allows a request to `url` from a page of origin `self`. */
export function connectAllowed(csp: string, url: URL, self: string): boolean {
  const sources = sourcesOf(csp, 'connect-src') ?? sourcesOf(csp, 'default-src');
  if (sources === null) return true;
  return sources.some((source) => matches(source, url, self));
}

/** Whether `csp` limits where the page may connect at all (a connect-src, or a default-src without one). */
export function connectLimited(csp: string): boolean {
  return (sourcesOf(csp, 'connect-src') ?? sourcesOf(csp, 'default-src')) !== null;
}

/** The host sources of connect-src other than 'self', as written: what the panel tells a person is allowed. */
export function connectOrigins(csp: string): readonly string[] {
  return (sourcesOf(csp, 'connect-src') ?? []).filter((source) => source.includes('://'));
}

// Reads a Content-Security-Policy the desk serves (from @warrant/config), so the health page asks
// only what its own headers let it ask: it frames an origin only if frame-src names it, and it
// fetches the gateway only if connect-src does. A request the CSP would block is not made.

export function cspAllows(csp: string, directive: 'frame-src' | 'connect-src', origin: string): boolean {
  const directives = new Map(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((tokens) => tokens.length > 0 && tokens[0] !== '')
      .map((tokens) => [tokens[0]?.toLowerCase() ?? '', tokens.slice(1)] as const),
  );
  const sources = directives.get(directive) ?? directives.get('default-src') ?? ['*'];
  return sources.includes('*') || sources.includes(origin);
}

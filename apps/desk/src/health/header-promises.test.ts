import { describe, expect, it } from 'vitest';
import { SITES } from '@warrant/config';
import { headerPromises } from './header-promises.ts';

describe('headerPromises', () => {
  it('says a partner is keyed and framed by the desk only', () => {
    expect(headerPromises(SITES.pantry)).toEqual([
      'Origin-Agent-Cluster: ?1, asking for an origin-keyed agent cluster, which WebMCP requires.',
      "Scripts only from its own origin, and no eval (CSP script-src 'self').",
      'WebMCP tools are allowed for its own pages only (Permissions-Policy tools=(self)).',
      'Only the dispatch desk may frame it.',
    ]);
  });

  it('says the probe origin opts out of keying, and the desk delegates tools to the origins it frames', () => {
    expect(headerPromises(SITES.probeUnkeyed)[0]).toBe(
      'Origin-Agent-Cluster: ?0, opting out of an origin-keyed agent cluster on purpose, to be measured.',
    );
    const framed = Object.values(SITES).filter((site) => site.role === 'partner' || site.role === 'probe').length;
    expect(headerPromises(SITES.desk)[2]).toBe(
      `WebMCP tools are allowed for its own pages and for ${framed} origins it frames (Permissions-Policy).`,
    );
    expect(headerPromises(SITES.bench)[3]).toBe('No page may frame it (frame-ancestors none).');
  });

  it('says the gateway is a server', () => {
    expect(headerPromises(SITES.gateway)).toHaveLength(1);
    expect(headerPromises(SITES.gateway)[0]).toContain('A server, not a page');
  });
});

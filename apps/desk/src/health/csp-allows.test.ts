import { describe, expect, it } from 'vitest';
import { headersFor, SITES } from '@warrant/config';
import { cspAllows } from './csp-allows.ts';

describe('cspAllows', () => {
  it('reads the named directive, falling back to default-src', () => {
    const csp = "default-src 'self'; frame-src http://a.test http://b.test; connect-src 'self' http://gw.test";
    expect(cspAllows(csp, 'frame-src', 'http://a.test')).toBe(true);
    expect(cspAllows(csp, 'frame-src', 'http://c.test')).toBe(false);
    expect(cspAllows(csp, 'connect-src', 'http://gw.test')).toBe(true);
    expect(cspAllows("default-src 'self'", 'connect-src', 'http://gw.test')).toBe(false);
    expect(cspAllows('script-src *', 'frame-src', 'http://any.test')).toBe(true);
  });

  it("matches the desk's real headers: partners and the probe origin may be framed, the bench may not", () => {
    const csp = headersFor(SITES.desk)['Content-Security-Policy'] ?? '';
    expect(cspAllows(csp, 'frame-src', SITES.pantry.origin)).toBe(true);
    expect(cspAllows(csp, 'frame-src', SITES.probeUnkeyed.origin)).toBe(true);
    expect(cspAllows(csp, 'frame-src', SITES.bench.origin)).toBe(false);
  });
});

import { headersFor, HOST, LOOPBACK_ADDRESS, SITES } from '@warrant/config';
import { describe, expect, it } from 'vitest';
import { connectAllowed, connectOrigins } from './connect-src.ts';

const DESK_CSP = headersFor(SITES.desk)['Content-Security-Policy'] ?? '';
const allowed = (url: string): boolean => connectAllowed(DESK_CSP, new URL(url), SITES.desk.origin);

describe("the desk's connect-src", () => {
  it('allows the desk itself, the gateway, and loopback servers on any port', () => {
    expect(allowed(`${SITES.desk.origin}/anything`)).toBe(true);
    expect(allowed(`${SITES.gateway.origin}/v1/chat/completions`)).toBe(true);
    expect(allowed(`http://${LOOPBACK_ADDRESS}:8080/v1/chat/completions`)).toBe(true);
    expect(allowed(`http://${HOST}:11434/v1/chat/completions`)).toBe(true);
    // "Any port" is any port, the scheme's default too; and CSP lets http sources match https.
    expect(allowed(`http://${HOST}/v1/chat/completions`)).toBe(true);
    expect(allowed(`https://${LOOPBACK_ADDRESS}:8443/v1/chat/completions`)).toBe(true);
  });

  it('allows nothing off this machine', () => {
    expect(allowed('https://api.example.com/v1/chat/completions')).toBe(false);
    expect(allowed('http://192.168.1.10:8080/v1/chat/completions')).toBe(false);
    expect(allowed('http://[::1]:8080/v1/chat/completions')).toBe(false);
    expect(allowed(`http://${HOST}.evil.test:8080/`)).toBe(false);
  });

  it('names the origins it allows besides its own', () => {
    expect(connectOrigins(DESK_CSP)).toEqual([SITES.gateway.origin, `http://${HOST}:*`, `http://${LOOPBACK_ADDRESS}:*`]);
  });
});

describe('source forms', () => {
  const url = new URL('https://models.test/v1');
  it.each([
    ["connect-src 'self'", false],
    ['connect-src *', true],
    ['connect-src https:', true],
    ['connect-src http:', true],
    ['connect-src ws:', false],
    ['connect-src https://models.test', true],
    ['connect-src https://models.test:443', true],
    ['connect-src http://models.test', true],
    ['connect-src http://models.test:80', false],
    ['connect-src http://models.test:*', true],
    ['connect-src https://models.test:8443', false],
    ['connect-src https://*.test', false],
    ["default-src 'none'", false],
    ["default-src 'self'; connect-src https://models.test", true],
    ['script-src https://models.test', true],
  ])('%s → %s', (csp, expected) => {
    expect(connectAllowed(csp, url, 'http://desk.test')).toBe(expected);
  });
});

import { agentEndpointsFrom, headersFor, HOST, LOOPBACK_ADDRESS, SITES } from '@warrant/config';
import { describe, expect, it } from 'vitest';
import { connectAllowed, connectOrigins } from './connect-src.ts';

const DESK_CSP = headersFor(SITES.desk)['Content-Security-Policy'] ?? '';
const allowed = (url: string, csp = DESK_CSP): boolean => connectAllowed(csp, new URL(url), SITES.desk.origin);
// Served with `WARRANT_AGENT_ENDPOINTS=http://127.0.0.1:8080/v1 npm start`.
const WITH_OWN =
  headersFor(SITES.desk, { agentEndpoints: agentEndpointsFrom('http://127.0.0.1:8080/v1') })[
    'Content-Security-Policy'
  ] ?? '';

describe("the desk's connect-src", () => {
  it('allows the desk itself and the gateway, and no other port on this computer', () => {
    expect(allowed(`${SITES.desk.origin}/anything`)).toBe(true);
    expect(allowed(`${SITES.gateway.origin}/v1/chat/completions`)).toBe(true);
    expect(allowed(`http://${LOOPBACK_ADDRESS}:8080/v1/chat/completions`)).toBe(false);
    expect(allowed(`http://${HOST}:11434/v1/chat/completions`)).toBe(false);
    expect(allowed(`${SITES.pantry.origin}/api/capacity`)).toBe(false);
    expect(allowed(`http://${HOST}/v1/chat/completions`)).toBe(false);
  });

  it("allows a person's own endpoint only when the server names it in WARRANT_AGENT_ENDPOINTS, that port and no other", () => {
    expect(allowed(`http://${LOOPBACK_ADDRESS}:8080/v1/chat/completions`, WITH_OWN)).toBe(true);
    expect(allowed(`http://${LOOPBACK_ADDRESS}:8081/v1/chat/completions`, WITH_OWN)).toBe(false);
    expect(allowed(`http://${HOST}:8080/v1/chat/completions`, WITH_OWN)).toBe(false);
    expect(allowed(`${SITES.gateway.origin}/v1/chat/completions`, WITH_OWN)).toBe(true);
  });

  it('allows nothing off this machine', () => {
    for (const csp of [DESK_CSP, WITH_OWN]) {
      expect(allowed('https://api.example.com/v1/chat/completions', csp)).toBe(false);
      expect(allowed('http://192.168.1.10:8080/v1/chat/completions', csp)).toBe(false);
      expect(allowed('http://[::1]:8080/v1/chat/completions', csp)).toBe(false);
      expect(allowed(`http://${HOST}.evil.test:8080/`, csp)).toBe(false);
    }
  });

  it('names the origins it allows besides its own', () => {
    expect(connectOrigins(DESK_CSP)).toEqual([SITES.gateway.origin]);
    expect(connectOrigins(WITH_OWN)).toEqual([SITES.gateway.origin, `http://${LOOPBACK_ADDRESS}:8080`]);
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

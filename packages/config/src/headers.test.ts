import { describe, expect, it } from 'vitest';
import { agentEndpointsFrom, headersFor, INSECURE_TEST_HOST, SITES, type SiteName } from './index.ts';

// Test origins never ship: the headers a site serves under `npm start` name no test host; only a
// server started for the browser tests (--with-test-sites) admits one.

const names = Object.keys(SITES) as SiteName[];

describe('the headers every site serves', () => {
  it.each(names)('%s: production headers do not name the test host', (name) => {
    expect(JSON.stringify(headersFor(SITES[name]))).not.toContain(INSECURE_TEST_HOST);
  });

  it('a partner may be framed by the desk only, in production', () => {
    const csp = headersFor(SITES.pantry)['Content-Security-Policy'];
    expect(csp?.split('; ').find((d) => d.startsWith('frame-ancestors'))).toBe(`frame-ancestors ${SITES.desk.origin}`);
  });

  it('with the test sites, a partner also admits the desk on the insecure test host, and nothing else changes', () => {
    const csp = headersFor(SITES.pantry, { withTestSites: true })['Content-Security-Policy'];
    const partner = csp?.split('; ').find((d) => d.startsWith('frame-ancestors'));
    expect(partner).toBe(`frame-ancestors ${SITES.desk.origin} http://${INSECURE_TEST_HOST}:${SITES.desk.port}`);
    for (const name of names.filter((n) => SITES[n].role !== 'partner'))
      expect(headersFor(SITES[name], { withTestSites: true })).toEqual(headersFor(SITES[name]));
  });
});

// The desk's page reaches the network only for its agent's model: its own origin, the gateway,
// and the person's own endpoints the server was started with (WARRANT_AGENT_ENDPOINTS). No other
// port on this computer, and no wildcard.
describe("the desk's connect-src", () => {
  const connectSrc = (headers: Record<string, string>): string | undefined =>
    headers['Content-Security-Policy']?.split('; ').find((d) => d.startsWith('connect-src'));

  it("names exactly 'self' and the gateway when no endpoint is configured", () => {
    for (const withTestSites of [false, true])
      expect(connectSrc(headersFor(SITES.desk, { withTestSites }))).toBe(`connect-src 'self' ${SITES.gateway.origin}`);
  });

  it('names exactly the configured endpoints besides, each with its port', () => {
    const headers = headersFor(SITES.desk, {
      agentEndpoints: agentEndpointsFrom('http://127.0.0.1:8080/v1,http://localhost:11434'),
    });
    expect(connectSrc(headers)).toBe(
      `connect-src 'self' ${SITES.gateway.origin} http://127.0.0.1:8080 http://localhost:11434`,
    );
    expect(headers['Content-Security-Policy']).not.toContain(':*');
  });

  it('refuses a list that is not one the setting allows, rather than serve it', () => {
    expect(() => headersFor(SITES.desk, { agentEndpoints: ['http://localhost:*'] })).toThrow(RangeError);
    expect(() =>
      headersFor(SITES.desk, { agentEndpoints: ["http://127.0.0.1:1; script-src 'unsafe-inline'"] }),
    ).toThrow(RangeError);
  });

  it("is the desk's alone: no other site names an endpoint", () => {
    for (const name of names.filter((n) => n !== 'desk'))
      expect(headersFor(SITES[name], { agentEndpoints: ['http://127.0.0.1:8080'] })).toEqual(headersFor(SITES[name]));
  });
});

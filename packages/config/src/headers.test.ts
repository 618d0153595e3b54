import { describe, expect, it } from 'vitest';
import { headersFor, INSECURE_TEST_HOST, SITES, type SiteName } from './index.ts';

// Test origins never ship: the headers a site serves under `npm start` name no test host; only a
// server started for the browser tests (--with-test-sites) admits one.

const names = Object.keys(SITES) as SiteName[];

describe('the headers every site serves', () => {
  it.each(names)('%s: production headers do not name the test host', (name) => {
    expect(JSON.stringify(headersFor(SITES[name]))).not.toContain(INSECURE_TEST_HOST);
  });

  it('a partner may be framed by the desk only, in production', () => {
    expect(headersFor(SITES.pantry)['Content-Security-Policy']?.split('; ').find((d) => d.startsWith('frame-ancestors'))).toBe(`frame-ancestors ${SITES.desk.origin}`);
  });

  it('with the test sites, a partner also admits the desk on the insecure test host, and nothing else changes', () => {
    const partner = headersFor(SITES.pantry, { withTestSites: true })['Content-Security-Policy']?.split('; ').find((d) => d.startsWith('frame-ancestors'));
    expect(partner).toBe(`frame-ancestors ${SITES.desk.origin} http://${INSECURE_TEST_HOST}:${SITES.desk.port}`);
    for (const name of names.filter((n) => SITES[n].role !== 'partner')) expect(headersFor(SITES[name], { withTestSites: true })).toEqual(headersFor(SITES[name]));
  });
});

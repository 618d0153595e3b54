// A route's path as a page sends it: its parameters filled in and encoded, its query in the order
// the route declares it, a parameter left out refused rather than sent as "undefined".
import { describe, expect, it } from 'vitest';
import { DESK_API } from './desk-api.ts';
import { pathTo } from './route.ts';

describe('pathTo', () => {
  it('fills in and encodes path parameters', () => {
    expect(pathTo(DESK_API.grant, { challenge: 'abc_-9' })).toBe('/api/approvals/abc_-9/grant');
    expect(pathTo(DESK_API.partnerWrite, { partner: 'pantry', key: 'a b/c' })).toBe(
      '/api/partners/pantry/writes/a%20b%2Fc',
    );
  });

  it('writes the query the route reads, in its order, leaving out what is not given', () => {
    expect(pathTo(DESK_API.log, { log: 'state' }, { seq: 4, epoch: 2 })).toBe('/api/logs/state?epoch=2&seq=4');
    expect(pathTo(DESK_API.ledgerHead, {}, { size: undefined })).toBe('/api/ledger/head');
    expect(pathTo(DESK_API.ledgerHead, {}, { size: 0 })).toBe('/api/ledger/head?size=0');
    // A name the route does not read is not sent.
    expect(pathTo(DESK_API.session, {}, { size: 3 })).toBe('/api/session');
  });

  it('refuses to build a path with a parameter missing', () => {
    expect(() => pathTo(DESK_API.reject, {})).toThrow(/challenge/);
  });
});

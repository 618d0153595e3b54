import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkBinding, type VersionBinding } from './version-binding.ts';

const scope: VersionBinding<number> = { version: (v) => v, argument: 'scopeVersion' };

describe('checkBinding', () => {
  it('passes only when the registration, the live state and the argued version agree', () => {
    expect(checkBinding(scope, 3, 3, { scopeVersion: 3 })).toBeNull();
    fc.assert(
      fc.property(fc.nat(5), fc.nat(5), fc.anything(), (registered, live, argued) => {
        const answer = checkBinding(scope, registered, live, { scopeVersion: argued });
        expect(answer === null).toBe(registered === live && argued === live);
      }),
    );
  });

  it('refuses SCOPE_STALE once the version moves, whatever the arguments claim', () => {
    for (const argued of [3, 4]) {
      expect(checkBinding(scope, 3, 4, { scopeVersion: argued })).toEqual({
        ok: false,
        isError: true,
        code: 'SCOPE_STALE',
        message: expect.stringContaining('granted under scope v3, but a person has since changed it to v4'),
        details: { expectedScopeVersion: 4, receivedScopeVersion: argued, registeredScopeVersion: 3 },
      });
    }
  });

  it('names a missing argued version, and needs none when the binding has no argument', () => {
    expect(checkBinding(scope, 2, 2, {})?.details).toMatchObject({ receivedScopeVersion: null });
    expect(checkBinding({ version: (v: number) => v }, 2, 2, {})).toBeNull();
    expect(checkBinding({ version: (v: number) => v, code: 'LEASE_STALE', noun: 'lease' }, 1, 2, {})).toMatchObject({
      code: 'LEASE_STALE',
      details: { registeredLeaseVersion: 1 },
    });
  });
});

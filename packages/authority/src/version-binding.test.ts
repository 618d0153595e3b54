import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bindToVersion } from './version-binding.ts';

describe('bindToVersion', () => {
  it('allows a call that argues the version it was granted under, while that version stands', () => {
    let current = 3;
    const binding = bindToVersion(3, () => current);
    expect(binding.version).toBe(3);
    expect(binding.isCurrent()).toBe(true);
    expect(binding.check(3)).toBeNull();
    current = 4;
    expect(binding.isCurrent()).toBe(false);
  });

  it('refuses SCOPE_STALE once the version moves, whatever the arguments claim', () => {
    let current = 3;
    const binding = bindToVersion(3, () => current);
    current = 4;
    for (const argued of [3, 4]) {
      expect(binding.check(argued)).toEqual({
        ok: false,
        code: 'SCOPE_STALE',
        message: expect.stringContaining('granted under scope v3, but the human has since changed the frame to v4'),
        details: { expectedScopeVersion: 4, receivedScopeVersion: argued, registeredScopeVersion: 3 },
      });
    }
  });

  it('refuses a wrong, missing or non-integer argued version even under a current grant', () => {
    const binding = bindToVersion(2, () => 2);
    expect(binding.check(1)).toMatchObject({ code: 'SCOPE_STALE', message: expect.stringContaining('retry with scopeVersion 2') });
    expect(binding.check(undefined)).toMatchObject({
      message: expect.stringContaining('(missing)'),
      details: { expectedScopeVersion: 2, receivedScopeVersion: null, registeredScopeVersion: 2 },
    });
    expect(binding.check('2')).toMatchObject({ message: expect.stringContaining('scopeVersion "2"'), details: { receivedScopeVersion: '2' } });
    expect(binding.check(2.5)).toMatchObject({ code: 'SCOPE_STALE' });
    expect(binding.check([2])).toMatchObject({ message: expect.stringContaining('(an array)') });
    expect(binding.check({ v: 2 })).toMatchObject({ message: expect.stringContaining('(an object)') });
  });

  it('takes its refusal code from the caller', () => {
    expect(bindToVersion(1, () => 2, { code: 'FRAME_MOVED' }).check(2)).toMatchObject({ code: 'FRAME_MOVED' });
  });

  it('passes exactly when argued, granted and current versions agree', () => {
    fc.assert(
      fc.property(fc.nat(4), fc.nat(4), fc.oneof(fc.nat(4), fc.constant(undefined), fc.string()), (granted, current, argued) => {
        const refusal = bindToVersion(granted, () => current).check(argued);
        expect(refusal === null).toBe(granted === current && argued === current);
      }),
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatReference, requireIdentity } from './identity-binding.ts';

const active = 'review_58f14e41-1c2d-4e5f-8a9b-2d8e60f99db3';

describe('requireIdentity', () => {
  it('confirms the exact active id', () => {
    expect(requireIdentity(active, active)).toEqual({ ok: true, id: active });
  });

  it.each([undefined, null, '', '   ', 42, {}])('treats %j as no id at all', (presented) => {
    expect(requireIdentity(active, presented)).toEqual({
      ok: false,
      isError: true,
      code: 'IDENTITY_REQUIRED',
      message: expect.stringContaining('none was given, so nothing changed'),
      details: { activeId: active },
    });
  });

  it('refuses any other id as stale', () => {
    expect(requireIdentity(active, 'review_old')).toEqual({
      ok: false,
      isError: true,
      code: 'IDENTITY_STALE',
      message: expect.stringContaining(`names review_old, but the active item is ${active}`),
      details: { activeId: active, presentedId: 'review_old' },
    });
  });

  it('takes codes and a subject from the caller', () => {
    const options = { requiredCode: 'REVIEW_ID_REQUIRED', staleCode: 'REVIEW_STALE', subject: 'review' };
    expect(requireIdentity(active, null, options)).toMatchObject({
      code: 'REVIEW_ID_REQUIRED',
      message: expect.stringContaining('the review it decides'),
    });
    expect(requireIdentity(active, `${active} `, options)).toMatchObject({ code: 'REVIEW_STALE' });
  });

  it('confirms exactly when the presented id equals the active one', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.option(fc.string(), { nil: undefined }), (id, presented) => {
        fc.pre(id.trim() !== '');
        expect(requireIdentity(id, presented).ok).toBe(presented === id);
      }),
    );
  });
});

describe('formatReference', () => {
  it('shortens a review id to the first and last four of its hex', () => {
    expect(formatReference(active)).toBe('REVIEW 58F1…9DB3');
  });

  it('keeps a short id whole', () => {
    expect(formatReference('review_ab-12')).toBe('REVIEW AB12');
    expect(formatReference('review_0123456789')).toBe('REVIEW 0123456789');
    expect(formatReference('review_0123456789a')).toBe('REVIEW 0123…789A');
  });

  it('takes another prefix and label', () => {
    expect(formatReference('expansion_aaaa-bbbb-cccc', { prefix: 'expansion_', label: 'REQUEST' })).toBe(
      'REQUEST AAAA…CCCC',
    );
    expect(formatReference('plain-id')).toBe('REVIEW PLAINID');
  });
});

import { describe, expect, it } from 'vitest';
import { createPartnerDirectory } from './partner-directory.ts';
import { readPartnerManifest, type PartnerManifest } from './partner-manifest.ts';

// A partner the broker has never heard of, described only by its manifest: the broker's
// questions about it are answered from that and nothing else.
const KITE: PartnerManifest = {
  name: 'kites' as PartnerManifest['name'],
  origin: 'http://kites.test:9000',
  title: 'Kite loft',
  tools: [
    { name: 'count_kites', access: 'read', params: [], untrusted: false },
    { name: 'read_kite_notes', access: 'read', params: [], untrusted: true },
    { name: 'lend_kite', access: 'write', params: ['colour'], untrusted: false },
    { name: 'return_kite', access: 'write', params: ['loan'], untrusted: false },
  ],
  scopes: { read_capacity: ['count_kites', 'read_kite_notes'], execute_plan: ['lend_kite', 'return_kite'] },
  compensations: { lend_kite: { undo: 'return_kite', args: { loan: { from: 'result', field: 'loan' } } } },
  receipt_key: null,
};

describe('a partner manifest', () => {
  it('reads back as itself, extra fields dropped', () => {
    expect(readPartnerManifest({ ...KITE, organisation: 'Kites Ltd' })).toEqual({ ok: true, manifest: KITE });
  });

  it('is refused, with the reason, when a scope or an undo names a tool it does not have, or of the wrong kind', () => {
    const cases: Array<[unknown, RegExp]> = [
      [{ ...KITE, origin: 'http://kites.test:9000/path' }, /origin is not an origin/],
      [
        { ...KITE, scopes: { ...KITE.scopes, read_capacity: ['lend_kite'] } },
        /read_capacity names lend_kite, which is not one of its reads/,
      ],
      [{ ...KITE, scopes: { read_capacity: [] } }, /execute_plan does not list tools/],
      [
        { ...KITE, compensations: { count_kites: { undo: 'return_kite', args: {} } } },
        /count_kites, which is not one of its writes/,
      ],
      [
        { ...KITE, compensations: { lend_kite: { undo: 'count_kites', args: {} } } },
        /undo of lend_kite is not one of its writes/,
      ],
      [{ ...KITE, compensations: { lend_kite: { undo: 'lend_kite', args: {} } } }, /cannot be its own undo/],
      [{ ...KITE, tools: [...KITE.tools, KITE.tools[0]] }, /count_kites is listed twice/],
      [{ ...KITE, tools: [{ name: 'x', access: 'delete', params: [], untrusted: false }] }, /neither read nor write/],
      [{ ...KITE, receipt_key: 7 }, /receipt_key/],
    ];
    for (const [value, problem] of cases)
      expect(readPartnerManifest(value)).toMatchObject({ ok: false, problem: expect.stringMatching(problem) });
  });
});

describe('a partner directory', () => {
  const directory = createPartnerDirectory([KITE]);

  it('answers from the manifests it holds: origin, act class, scope, undo map', () => {
    expect(directory.names).toEqual(['kites']);
    expect(directory.has('kites')).toBe(true);
    expect(directory.has('pantry')).toBe(false);
    expect(directory.originOf(KITE.name)).toBe('http://kites.test:9000');
    expect(directory.actOf(KITE.name, 'count_kites')).toBe('partner_read');
    expect(directory.actOf(KITE.name, 'lend_kite')).toBe('partner_write');
    expect(directory.actOf(KITE.name, 'drop_all_tables')).toBe('partner_unlisted');
    expect(directory.inScope({ partner: KITE.name, purpose: 'read_capacity' }, 'count_kites')).toBe(true);
    expect(directory.inScope({ partner: KITE.name, purpose: 'read_capacity' }, 'lend_kite')).toBe(false);
    expect(directory.inScope({ partner: KITE.name, purpose: 'execute_plan' }, 'return_kite')).toBe(true);
    expect(directory.compensations(KITE.name)).toEqual(KITE.compensations);
  });

  it('knows nothing of a partner it was not given', () => {
    const stranger = 'pantry' as PartnerManifest['name'];
    expect(directory.actOf(stranger, 'count_kites')).toBe('partner_unlisted');
    expect(directory.scope(stranger, 'read_capacity')).toEqual([]);
    expect(directory.compensations(stranger)).toEqual({});
    expect(() => directory.originOf(stranger)).toThrow(/not in the partner directory/);
  });

  it('refuses two partners of one name or one origin', () => {
    expect(() => createPartnerDirectory([KITE, KITE])).toThrow(/Two partner manifests are named kites/);
    expect(() => createPartnerDirectory([KITE, { ...KITE, name: 'loft' as PartnerManifest['name'] }])).toThrow(
      /same origin/,
    );
  });
});

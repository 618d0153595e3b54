import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalDigest, canonicalJson, DigestInputError, findDigestInputProblem, sha256Hex } from './digest.ts';

function fromIeee754(hex: string): number {
  const view = new DataView(new ArrayBuffer(8));
  view.setBigUint64(0, BigInt(`0x${hex}`));
  return view.getFloat64(0);
}

function refusalOf(value: unknown): { path: string; reason: string } {
  try {
    canonicalJson(value);
  } catch (error) {
    expect(error).toBeInstanceOf(DigestInputError);
    const { path, reason } = error as DigestInputError;
    return { path, reason };
  }
  throw new Error('expected a DigestInputError');
}

function containsNegativeZero(value: unknown): boolean {
  if (Object.is(value, -0)) return true;
  if (value !== null && typeof value === 'object') return Object.values(value).some(containsNegativeZero);
  return false;
}

/** The same data with every object's keys inserted in reverse order. */
function reverseKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reverseKeys);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .reverse()
        .map(([key, item]) => [key, reverseKeys(item)]),
    );
  }
  return value;
}

const utf16Unit = fc.integer({ min: 0, max: 0xffff }).map((unit) => String.fromCharCode(unit));

describe('canonicalJson: RFC 8785', () => {
  // RFC 8785 Appendix B, less 8000000000000000 (-0), which this digest refuses (tested below).
  const appendixB: [string, string][] = [
    ['0000000000000000', '0'],
    ['0000000000000001', '5e-324'],
    ['8000000000000001', '-5e-324'],
    ['7fefffffffffffff', '1.7976931348623157e+308'],
    ['ffefffffffffffff', '-1.7976931348623157e+308'],
    ['4340000000000000', '9007199254740992'],
    ['c340000000000000', '-9007199254740992'],
    ['4430000000000000', '295147905179352830000'],
    ['44b52d02c7e14af5', '9.999999999999997e+22'],
    ['44b52d02c7e14af6', '1e+23'],
    ['44b52d02c7e14af7', '1.0000000000000001e+23'],
    ['444b1ae4d6e2ef4e', '999999999999999700000'],
    ['444b1ae4d6e2ef4f', '999999999999999900000'],
    ['444b1ae4d6e2ef50', '1e+21'],
    ['3eb0c6f7a0b5ed8c', '9.999999999999997e-7'],
    ['3eb0c6f7a0b5ed8d', '0.000001'],
    ['41b3de4355555553', '333333333.3333332'],
    ['41b3de4355555554', '333333333.33333325'],
    ['41b3de4355555555', '333333333.3333333'],
    ['41b3de4355555556', '333333333.3333334'],
    ['41b3de4355555557', '333333333.33333343'],
    ['becbf647612f3696', '-0.0000033333333333333333'],
    ['43143ff3c1cb0959', '1424953923781206.2'],
  ];
  it.each(appendixB)('Appendix B: 0x%s serialises as %s', (bits, expected) => {
    expect(canonicalJson(fromIeee754(bits))).toBe(expected);
  });

  it.each(['7fffffffffffffff', '7ff0000000000000', 'fff0000000000000'])(
    'Appendix B: 0x%s (NaN/Infinity) is refused',
    (bits) => {
      expect(refusalOf(fromIeee754(bits)).path).toBe('');
    },
  );

  it('reproduces the RFC 8785 §3.2.4 example byte for byte', () => {
    const input = String.raw`{
      "numbers": [333333333.33333329, 1E30, 4.50, 2e-3, 0.000000000000000000000000001],
      "string": "\u20ac$\u000F\u000aA'\u0042\u0022\u005c\\\"\/",
      "literals": [null, true, false]
    }`;
    const expected = String.raw`{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],"string":"€$\u000f\nA'B\"\\\\\"/"}`;
    expect(canonicalJson(JSON.parse(input))).toBe(expected);
  });

  it('sorts keys by UTF-16 code units (RFC 8785 §3.2.3), not by code points', () => {
    const entries: [string, string][] = [
      ['\u20ac', 'Euro Sign'],
      ['\r', 'Carriage Return'],
      ['\ufb33', 'Hebrew Letter Dalet With Dagesh'],
      ['1', 'One'],
      ['\ud83d\ude00', 'Emoji: Grinning Face'],
      ['\u0080', 'Control'],
      ['\u00f6', 'Latin Small Letter O With Diaeresis'],
    ];
    const order = ['\r', '1', '\u0080', '\u00f6', '\u20ac', '\ud83d\ude00', '\ufb33'];
    const values = new Map(entries);
    const expected = `{${order.map((key) => `${JSON.stringify(key)}:${JSON.stringify(values.get(key))}`).join(',')}}`;
    expect(canonicalJson(Object.fromEntries(entries))).toBe(expected);
  });

  it('drops insignificant whitespace and keeps strings as they are (no Unicode normalisation)', () => {
    expect(canonicalJson({ b: [1, { d: 'e\u0301', c: 'é' }], a: '' })).toBe('{"a":"","b":[1,{"c":"é","d":"e\u0301"}]}');
  });

  it('round-trips: JSON.parse(canonicalJson(x)) deep-equals x for any JSON value without -0', () => {
    fc.assert(
      fc.property(
        fc.jsonValue().filter((value) => !containsNegativeZero(value)),
        (value) => {
          const text = canonicalJson(value);
          expect(JSON.parse(text)).toStrictEqual(value);
          expect(canonicalJson(JSON.parse(text))).toBe(text);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('does not depend on key insertion order', () => {
    fc.assert(
      fc.asyncProperty(
        fc.jsonValue().filter((value) => !containsNegativeZero(value)),
        async (value) => {
          const reordered = reverseKeys(value);
          expect(canonicalJson(reordered)).toBe(canonicalJson(value));
          expect(await canonicalDigest(reordered)).toBe(await canonicalDigest(value));
        },
      ),
      { numRuns: 200 },
    );
  });

  const withNegativeZero = fc
    .tuple(fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }), fc.nat(4), fc.boolean(), fc.boolean())
    .map(([items, at, asObject, nested]) => {
      const values: unknown[] = [...items];
      values.splice(Math.min(at, values.length), 0, -0);
      const container = asObject ? Object.fromEntries(values.map((item, i) => [`k${i}`, item])) : values;
      return nested ? { outer: container } : container;
    });

  it('refuses every JSON value holding -0, naming where', () => {
    fc.assert(
      // Built to hold a -0 somewhere (filtering random JSON for one rejects most values and is slow).
      fc.property(withNegativeZero, (value) => {
        const { path } = refusalOf(value);
        const target =
          path === ''
            ? value
            : path
                .slice(1)
                .split('/')
                .reduce<unknown>(
                  (node, key) => (node as Record<string, unknown>)[key.replace(/~1/g, '/').replace(/~0/g, '~')],
                  value,
                );
        expect(Object.is(target, -0)).toBe(true);
      }),
      { numRuns: 100 },
    );
  });

  it('refuses any string with a lone surrogate and accepts any well-formed one', () => {
    fc.assert(
      fc.property(fc.string({ unit: utf16Unit, maxLength: 6 }), (text) => {
        const wellFormed = !/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(text);
        expect(findDigestInputProblem({ text }) === null).toBe(wellFormed);
        expect(findDigestInputProblem({ [text]: 1 }) === null).toBe(wellFormed);
      }),
      { numRuns: 500 },
    );
  });
});

describe('canonicalJson: refusals name the path', () => {
  class Point {
    constructor(readonly x: number) {}
  }
  const sparse: unknown[] = [1];
  sparse[2] = 3;
  const withExtra: unknown[] & { note?: string } = [1, 2];
  withExtra.note = 'x';
  const cyclic: Record<string, unknown> = { a: { b: [] } };
  ((cyclic.a as Record<string, unknown>).b as unknown[]).push(cyclic);
  const accessor = Object.defineProperty({}, 'live', { get: () => 1, enumerable: true });
  const hidden = Object.defineProperty({ shown: 1 }, 'hidden', { value: 2, enumerable: false });
  const symbolKeyed = { [Symbol('s')]: 1, a: 1 };

  const cases: [string, unknown, string, RegExp][] = [
    ['undefined member', { a: 1, b: undefined }, '/b', /undefined/],
    ['undefined item', [1, undefined], '/1', /undefined/],
    ['undefined at the root', undefined, '', /undefined/],
    ['NaN', { a: { b: [NaN] } }, '/a/b/0', /NaN/],
    ['Infinity', { n: Infinity }, '/n', /Infinity/],
    ['-Infinity', [-Infinity], '/0', /Infinity/],
    ['-0', { price: { amount: -0 } }, '/price/amount', /-0/],
    ['lone high surrogate in a value', { s: 'ok\ud800' }, '/s', /lone surrogate at index 2/],
    ['lone low surrogate in a key', { ['x\udc00']: 1 }, '/x\udc00', /key has a lone surrogate/],
    ['Date', { when: new Date(0) }, '/when', /an instance of Date/],
    ['Map', { m: new Map() }, '/m', /an instance of Map/],
    ['Set', [new Set()], '/0', /an instance of Set/],
    ['class instance', { p: new Point(1) }, '/p', /an instance of Point/],
    ['boxed number', { n: Object(1) }, '/n', /an instance of Number/],
    ['typed array', { bytes: new Uint8Array(2) }, '/bytes', /an instance of Uint8Array/],
    ['object with a custom prototype', { o: Object.create({ inherited: 1 }) }, '/o', /custom prototype/],
    ['function', { f: () => 1 }, '/f', /function/],
    ['symbol', { s: Symbol('s') }, '/s', /symbol/],
    ['bigint', { n: 1n }, '/n', /bigint/],
    ['sparse array', { list: sparse }, '/list/1', /hole/],
    ['array with an extra property', { list: withExtra }, '/list/note', /not an item/],
    ['cycle', cyclic, '/a/b/0', /cycle/],
    ['accessor property', { o: accessor }, '/o/live', /accessor/],
    ['non-enumerable property', { o: hidden }, '/o/hidden', /non-enumerable/],
    ['symbol key', { o: symbolKeyed }, '/o', /symbol-keyed/],
    ['JSON Pointer escaping', { 'a/b': { '~c': undefined } }, '/a~1b/~0c', /undefined/],
  ];
  it.each(cases)('%s', (_name, value, path, reason) => {
    const refusal = refusalOf(value);
    expect(refusal.path).toBe(path);
    expect(refusal.reason).toMatch(reason);
    expect(findDigestInputProblem(value)).toEqual(refusal);
  });

  it('reports the first problem in canonical key order', () => {
    expect(refusalOf({ z: undefined, a: NaN }).path).toBe('/a');
  });

  it('accepts null-prototype objects and a value reached twice without a cycle', () => {
    const shared = { n: 1 };
    const bare = Object.assign(Object.create(null) as Record<string, unknown>, { k: 'v' });
    expect(canonicalJson({ left: shared, right: shared, bare })).toBe(
      '{"bare":{"k":"v"},"left":{"n":1},"right":{"n":1}}',
    );
  });

  it('puts the path in the error message, and canonicalDigest throws the same error', () => {
    expect(() => canonicalJson({ a: [undefined] })).toThrow(
      'Cannot digest the value at /a/0: undefined has no JSON form',
    );
    expect(() => canonicalDigest({ a: new Date(0) })).toThrow(
      expect.objectContaining({ name: 'DigestInputError', path: '/a' }),
    );
  });
});

describe('sha256Hex and canonicalDigest', () => {
  it('matches the FIPS 180-2 vectors', async () => {
    expect(await sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(await sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('hashes the UTF-8 bytes of the canonical JSON, as lowercase hex', () => {
    return fc.assert(
      fc.asyncProperty(
        fc.jsonValue().filter((value) => !containsNegativeZero(value)),
        async (value) => {
          const expected = createHash('sha256').update(canonicalJson(value), 'utf8').digest('hex');
          expect(await canonicalDigest(value)).toBe(expected);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('changes when any value changes and not when only key order does', async () => {
    const plan = { origin: 'https://a.example', tool: 'pay', args: { amount: 10, to: 'x' } };
    const same = { args: { to: 'x', amount: 10 }, tool: 'pay', origin: 'https://a.example' };
    expect(await canonicalDigest(same)).toBe(await canonicalDigest(plan));
    expect(await canonicalDigest({ ...plan, args: { amount: 11, to: 'x' } })).not.toBe(await canonicalDigest(plan));
    expect(await canonicalDigest(plan)).toMatch(/^[0-9a-f]{64}$/);
  });
});

// Canonical digest: RFC 8785 (JCS) canonical JSON, hashed with SHA-256 through WebCrypto, as
// lowercase hex. The same value gives the same digest in Node and in every browser.
//
// JSON.stringify, and the canonicalize package after it, quietly turn some values into something
// else: `undefined` members vanish, `undefined` in arrays becomes null, Dates become strings,
// Maps become {}, -0 becomes 0. A digest that binds an approval must never stand for a value it
// silently changed, so the input is walked first and anything that is not plain JSON data is
// refused. A refusal here is a thrown DigestInputError, not a result: a digest is computed by code, not
// argued by an agent, and a refusal object must never be mistaken for (or stored as) a digest.
// Callers that want a value rather than an exception use findDigestInputProblem first.
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { loneSurrogateAt } from '@warrant/base';
import canonicalize from 'canonicalize';

export interface DigestInputProblem {
  /** RFC 6901 JSON Pointer to the offending value; "" is the root. */
  readonly path: string;
  readonly reason: string;
}

export class DigestInputError extends Error {
  readonly path: string;
  readonly reason: string;

  constructor(problem: DigestInputProblem) {
    super(`Cannot digest the value at ${problem.path === '' ? '(root)' : problem.path}: ${problem.reason}`);
    this.name = 'DigestInputError';
    this.path = problem.path;
    this.reason = problem.reason;
  }
}

/**
 * The first value (depth-first, keys in canonical order) that canonical JSON would drop, alter or
 * reject, or null when the whole value is plain JSON data. Refused: undefined, functions,
 * symbols, bigints; NaN, ±Infinity and -0; strings or keys with a lone surrogate; anything whose
 * prototype is not Object.prototype, null or Array.prototype (Date, Map, Set, class instances,
 * boxed primitives, typed arrays); symbol-keyed, non-enumerable or accessor properties; sparse
 * arrays and arrays carrying extra properties; cycles. A value reached twice without a cycle is
 * fine.
 */
export function findDigestInputProblem(value: unknown): DigestInputProblem | null {
  return walk(value, '', new Set());
}

/** RFC 8785 canonical JSON of `value`. Throws DigestInputError on input that is not plain JSON data. */
export function canonicalJson(value: unknown): string {
  const problem = findDigestInputProblem(value);
  if (problem) throw new DigestInputError(problem);
  const text = canonicalize(value);
  // The library types its result as optional; after the walk it is always a string.
  if (text === undefined) throw new DigestInputError({ path: '', reason: 'the value has no JSON form' });
  return text;
}

/**
 * SHA-256 of the UTF-8 bytes of `text`, as 64 lowercase hex digits. Synchronous, with
 * @noble/hashes rather than WebCrypto: crypto.subtle exists only in secure contexts, and plans and
 * receipts are also digested on pages that have none (the desk with no WebMCP, a partner framed in
 * it). Same bytes in, same SHA-256 out.
 */
export function sha256Hex(text: string): string {
  return bytesToHex(sha256(encoder.encode(text)));
}

/** SHA-256 (lowercase hex) of the RFC 8785 canonical JSON of `value`. Throws DigestInputError. */
export function canonicalDigest(value: unknown): string {
  return sha256Hex(canonicalJson(value));
}

const encoder = new TextEncoder();

function walk(value: unknown, path: string, ancestors: Set<object>): DigestInputProblem | null {
  switch (typeof value) {
    case 'string': {
      const at = loneSurrogateAt(value);
      return at === -1
        ? null
        : { path, reason: `the string has a lone surrogate at index ${at}, which has no UTF-8 form` };
    }
    case 'number':
      if (!Number.isFinite(value)) return { path, reason: `${value} is not a JSON number` };
      if (Object.is(value, -0)) return { path, reason: '-0 would be written as 0, giving -0 and 0 the same digest' };
      return null;
    case 'boolean':
      return null;
    case 'undefined':
      return {
        path,
        reason: 'undefined has no JSON form (a member would be dropped, an array item would become null)',
      };
    case 'bigint':
    case 'symbol':
    case 'function':
      return { path, reason: `a ${typeof value} has no JSON form` };
    case 'object':
      return value === null ? null : walkObject(value, path, ancestors);
  }
}

function walkObject(value: object, path: string, ancestors: Set<object>): DigestInputProblem | null {
  if (ancestors.has(value)) return { path, reason: 'the value contains itself (a cycle)' };
  const isArray = Array.isArray(value);
  const proto: unknown = Object.getPrototypeOf(value);
  const plain = isArray ? proto === Array.prototype : proto === Object.prototype || proto === null;
  if (!plain) return { path, reason: `${kindOf(value)} is not plain JSON data` };

  const descriptors = Object.getOwnPropertyDescriptors(value) as Record<PropertyKey, PropertyDescriptor>;
  if (Object.getOwnPropertySymbols(value).length > 0) {
    return { path, reason: 'symbol-keyed properties have no JSON form' };
  }
  const keys = Object.keys(descriptors).filter((key) => !(isArray && key === 'length'));
  if (isArray) {
    const length = (value as unknown[]).length;
    for (let index = 0; index < length; index += 1) {
      if (!(String(index) in descriptors))
        return { path: `${path}/${index}`, reason: 'a hole in a sparse array has no JSON form' };
    }
    const extra = keys.find((key) => !isArrayIndex(key, length));
    if (extra !== undefined)
      return {
        path: `${path}/${escapePointer(extra)}`,
        reason: 'an array property that is not an item has no JSON form',
      };
  }

  ancestors.add(value);
  try {
    for (const key of isArray ? keys : [...keys].sort()) {
      const childPath = `${path}/${escapePointer(key)}`;
      const keyAt = loneSurrogateAt(key);
      if (keyAt !== -1)
        return { path: childPath, reason: `the key has a lone surrogate at index ${keyAt}, which has no UTF-8 form` };
      const descriptor = descriptors[key];
      if (descriptor === undefined) continue;
      if (!('value' in descriptor))
        return { path: childPath, reason: 'an accessor property could change between checking and hashing' };
      if (!descriptor.enumerable) return { path: childPath, reason: 'a non-enumerable property would be dropped' };
      const problem = walk(descriptor.value, childPath, ancestors);
      if (problem) return problem;
    }
    return null;
  } finally {
    ancestors.delete(value);
  }
}

function isArrayIndex(key: string, length: number): boolean {
  return /^(0|[1-9]\d*)$/.test(key) && Number(key) < length;
}

function kindOf(value: object): string {
  const name: unknown = (value as { constructor?: { name?: unknown } }).constructor?.name;
  if (typeof name !== 'string' || name === '' || name === 'Object') return 'an object with a custom prototype';
  return `an instance of ${name}`;
}

function escapePointer(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

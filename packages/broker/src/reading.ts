// A partner's read as a signed fact: the partner's server answers a read with a statement of what
// it answered and when, signed with the key it signs receipts with; the desk records the
// statement beside the read's row, and whoever holds the row (the desk's server, a partner's
// audit) can check it. The digest is the receipt's (receipt.ts): one function over
// { tool, args, result } on both sides of the seam.
import { verifyCanonicalAsync } from '@warrant/authority';
import { READING_FIELD, type PartnerReading } from './partner-contract.ts';
import { receiptDigest } from './receipt.ts';

const DIGEST = /^[0-9a-f]{64}$/;
const SIGNATURE = /^[A-Za-z0-9+/=]{1,200}$/;

/** What the partner signs: its `kind` sets it apart from a receipt's statement. */
export function readingStatement(reading: Omit<PartnerReading, 'signature'>): Readonly<Record<string, string>> {
  return { kind: 'partner_read', tool: reading.tool, at: reading.at, digest: reading.digest };
}

/** A read's answer split into what the partner answered and the partner's statement of it (null when absent or malformed). */
export function splitReading(value: unknown): {
  readonly result: unknown;
  readonly reading: PartnerReading | null;
} {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || !(READING_FIELD in value))
    return { result: value, reading: null };
  const { [READING_FIELD]: said, ...result } = value as Record<string, unknown>;
  if (typeof said !== 'object' || said === null) return { result, reading: null };
  const { tool, at, digest, signature } = said as Record<string, unknown>;
  if (typeof tool !== 'string' || typeof at !== 'string' || Number.isNaN(Date.parse(at)))
    return { result, reading: null };
  if (typeof digest !== 'string' || !DIGEST.test(digest)) return { result, reading: null };
  const signed = typeof signature === 'string' && SIGNATURE.test(signature) ? { signature } : {};
  return { result, reading: { tool, at, digest, ...signed } };
}

/** The statement of `result`, read with `args` at `at`, as the partner's server makes it before signing. */
export async function readingOf(
  tool: string,
  args: object,
  result: object,
  at: string,
): Promise<Omit<PartnerReading, 'signature'>> {
  return { tool, at, digest: await receiptDigest(tool, args, result) };
}

/** Whether `reading` was signed with `key` (a partner's published receipt key). */
export async function readingSignedBy(reading: PartnerReading, key: string | null): Promise<boolean> {
  if (key === null || reading.signature === undefined) return false;
  return verifyCanonicalAsync(key, readingStatement(reading), reading.signature);
}

/**
 * Whether `reading` is the partner's signed statement, under `key`, of exactly `result`: the answer
 * of `tool` to `args` without its reading. An answer that is not plain JSON has no digest, so no
 * reading of it verifies.
 */
export async function readingMatches(
  tool: string,
  args: object,
  result: unknown,
  reading: PartnerReading,
  key: string | null,
): Promise<boolean> {
  if (reading.tool !== tool || typeof result !== 'object' || result === null) return false;
  try {
    if ((await receiptDigest(tool, args, result)) !== reading.digest) return false;
  } catch {
    return false;
  }
  return readingSignedBy(reading, key);
}

/** `value`, a read's whole answer, split, and whether its reading verifies (readingMatches). */
export async function verifyReading(
  tool: string,
  args: object,
  value: unknown,
  key: string | null,
): Promise<{ readonly reading: PartnerReading | null; readonly verified: boolean }> {
  const { result, reading } = splitReading(value);
  return { reading, verified: reading !== null && (await readingMatches(tool, args, result, reading, key)) };
}

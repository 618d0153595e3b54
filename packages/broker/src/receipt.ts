// Receipts tie the desk's record to each partner's: the same digest, computed by this one
// function on both sides of the seam, over what the partner was asked and what it answered.
import { canonicalJson, sha256Hex, verifyCanonicalAsync } from '@warrant/authority';
import { RECEIPT_ID_PATTERN, type PartnerReceipt, type PartnerWriteSuccess } from './partner-contract.ts';

/** SHA-256 hex of the canonical JSON of { tool, args, result }. Throws DigestInputError on input that is not plain JSON. */
export async function receiptDigest(tool: string, args: object, result: object): Promise<string> {
  return sha256Hex(canonicalJson({ tool, args, result }));
}

const RECEIPT_ID = new RegExp(RECEIPT_ID_PATTERN);
const DIGEST = /^[0-9a-f]{64}$/;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads a write's answer as the contract shapes it, or says what is wrong with it. */
export function readWriteSuccess(
  value: unknown,
): { readonly ok: true; readonly write: PartnerWriteSuccess } | { readonly ok: false; readonly problem: string } {
  if (!isPlainObject(value) || value.ok !== true) return { ok: false, problem: 'the answer is not { ok: true, … }' };
  if (!isPlainObject(value.result)) return { ok: false, problem: 'the answer has no result object' };
  const receipt = value.receipt;
  if (!isPlainObject(receipt)) return { ok: false, problem: 'the answer has no receipt' };
  if (typeof receipt.id !== 'string' || !RECEIPT_ID.test(receipt.id))
    return { ok: false, problem: 'the receipt id is missing or malformed' };
  if (typeof receipt.tool !== 'string' || typeof receipt.request !== 'string')
    return { ok: false, problem: 'the receipt does not name its tool and request' };
  if (typeof receipt.digest !== 'string' || !DIGEST.test(receipt.digest))
    return { ok: false, problem: 'the receipt digest is not 64 lowercase hex digits' };
  const write: PartnerWriteSuccess = {
    ok: true,
    result: value.result,
    receipt: {
      id: receipt.id,
      tool: receipt.tool,
      request: receipt.request,
      digest: receipt.digest,
      ...(typeof receipt.signature === 'string' ? { signature: receipt.signature } : {}),
    },
    ...(value.replayed === true ? { replayed: true } : {}),
  };
  return { ok: true, write };
}

export interface ReceiptKey {
  /**
   * The partner's published receipt key (base64 raw Ed25519), or null when it could not be learnt:
   * then no receipt verifies, since its answer came through a page an agent may have rewritten.
   */
  readonly key: string | null;
}

/**
 * Whether the receipt names this tool and request and its digest is over exactly these args and
 * this result; given the partner's key, also whether the partner signed it.
 */
export async function verifyReceipt(
  tool: string,
  args: Readonly<Record<string, unknown>>,
  write: PartnerWriteSuccess,
  signedBy?: ReceiptKey,
): Promise<boolean> {
  const receipt: PartnerReceipt = write.receipt;
  if (receipt.tool !== tool || receipt.request !== args.request) return false;
  if (signedBy !== undefined) {
    const { signature, ...signed } = receipt;
    if (
      signedBy.key === null ||
      signature === undefined ||
      !(await verifyCanonicalAsync(signedBy.key, signed, signature))
    )
      return false;
  }
  try {
    return (await receiptDigest(tool, args, write.result)) === receipt.digest;
  } catch {
    return false;
  }
}

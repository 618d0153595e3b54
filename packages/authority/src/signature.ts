// Ed25519 signatures over canonical bytes: what a partner signs its receipts with, the desk its
// step authorizations and tree heads. The signed bytes are always the UTF-8 of the RFC 8785 JSON
// of a plain value, so anyone can recompute them without our code. Keys and signatures travel as
// base64 of their raw bytes (32-byte public keys, 64-byte signatures).
import { ed25519 } from '@noble/curves/ed25519.js';
import { ed25519On, nodeEd25519 } from '@warrant/base';
import { canonicalJson } from './digest.ts';

// Node's own Ed25519 on a server, which signs and checks with every write; the pure-JS one in a page.
const NODE_ED25519 = nodeEd25519();
const ED25519 = NODE_ED25519 ?? ed25519On(ed25519);

export interface SigningKey {
  /** The raw 32-byte secret seed. Never leaves the server that made it. */
  readonly secretKey: Uint8Array;
  /** base64 of the raw 32-byte public key. */
  readonly publicKey: string;
}

const encoder = new TextEncoder();

export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Decodes base64; null when the text is not base64 at all. */
export function fromBase64(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0) return null;
  const binary = atob(text);
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

export function signingKeyFrom(secretKey: Uint8Array): SigningKey {
  return { secretKey, publicKey: toBase64(ED25519.getPublicKey(secretKey)) };
}

export function newSigningKey(): SigningKey {
  return signingKeyFrom(ed25519.utils.randomSecretKey());
}

/** The bytes a signature covers: UTF-8 of the canonical JSON of `value`. */
export function signedBytes(value: unknown): Uint8Array {
  return encoder.encode(canonicalJson(value));
}

/** base64 of the Ed25519 signature over the canonical bytes of `value`. */
export function signCanonical(key: SigningKey, value: unknown): string {
  return toBase64(ED25519.sign(signedBytes(value), key.secretKey));
}

/** Whether `signature` (base64) is `publicKey`'s (base64) over the canonical bytes of `value`. Never throws. */
export function verifyCanonical(publicKey: string, value: unknown, signature: string): boolean {
  const key = fromBase64(publicKey);
  const sig = fromBase64(signature);
  if (key === null || key.length !== 32 || sig === null || sig.length !== 64) return false;
  return ED25519.verify(sig, signedBytes(value), key);
}

// In a page, the browser's own Ed25519 (WebCrypto, in a secure context) checks a signature several
// times faster than the pure-JS one, without holding the page's thread. Where it has none (a page
// off a secure context), the pure-JS check answers instead; in Node, Node's own synchronous one
// (faster still than a WebCrypto call, which hops to a worker thread and back). All are RFC 8032
// Ed25519 over the same bytes, equally strict on encodings.
const NATIVE_KEYS = new Map<string, Promise<CryptoKey | null>>();
const NATIVE_KEYS_KEPT = 64;

function nativeKey(publicKey: string, raw: Uint8Array): Promise<CryptoKey | null> {
  let key = NATIVE_KEYS.get(publicKey);
  if (key === undefined) {
    const subtle = globalThis.crypto?.subtle;
    key = subtle
      ? subtle
          .importKey('raw', raw as Uint8Array<ArrayBuffer>, { name: 'Ed25519' }, false, ['verify'])
          .catch(() => null)
      : Promise.resolve(null);
    if (NATIVE_KEYS.size >= NATIVE_KEYS_KEPT) NATIVE_KEYS.delete(NATIVE_KEYS.keys().next().value as string);
    NATIVE_KEYS.set(publicKey, key);
  }
  return key;
}

/** As verifyCanonical, on the platform's WebCrypto Ed25519 where it has one. Never rejects. */
export async function verifyCanonicalAsync(publicKey: string, value: unknown, signature: string): Promise<boolean> {
  const raw = fromBase64(publicKey);
  const sig = fromBase64(signature);
  if (raw === null || raw.length !== 32 || sig === null || sig.length !== 64) return false;
  if (NODE_ED25519) return NODE_ED25519.verify(sig, signedBytes(value), raw);
  const key = await nativeKey(publicKey, raw);
  if (key === null) return verifyCanonical(publicKey, value, signature);
  try {
    return await globalThis.crypto.subtle.verify(
      { name: 'Ed25519' },
      key,
      sig as Uint8Array<ArrayBuffer>,
      signedBytes(value) as Uint8Array<ArrayBuffer>,
    );
  } catch {
    return false;
  }
}

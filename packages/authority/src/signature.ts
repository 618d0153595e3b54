// Ed25519 signatures over canonical bytes: what a partner signs its receipts with, the desk its
// step authorizations and tree heads. The signed bytes are always the UTF-8 of the RFC 8785 JSON
// of a plain value, so anyone can recompute them without our code. Keys and signatures travel as
// base64 of their raw bytes (32-byte public keys, 64-byte signatures).
import { ed25519 } from '@noble/curves/ed25519.js';
import { canonicalJson } from './digest.ts';

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
  return { secretKey, publicKey: toBase64(ed25519.getPublicKey(secretKey)) };
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
  return toBase64(ed25519.sign(signedBytes(value), key.secretKey));
}

/** Whether `signature` (base64) is `publicKey`'s (base64) over the canonical bytes of `value`. Never throws. */
export function verifyCanonical(publicKey: string, value: unknown, signature: string): boolean {
  const key = fromBase64(publicKey);
  const sig = fromBase64(signature);
  if (key === null || key.length !== 32 || sig === null || sig.length !== 64) return false;
  try {
    return ed25519.verify(sig, signedBytes(value), key);
  } catch {
    return false;
  }
}

// Which Ed25519 the packages that sign and check in both a page and a server run: Node's own
// (OpenSSL) in Node, else the pure-JS one they carry for pages.
// A server signs or checks a signature with every write (a receipt, a step authorization, the
// desk's tree head), and the pure-JS Ed25519 those packages carry for pages costs a few
// milliseconds a signature on a busy machine; OpenSSL's costs a few hundredths. Node's crypto is
// reached at run time through process.getBuiltinModule (Node >= 20.16), never through an import,
// so no bundler follows it into a browser build: a page has no such process and runs the pure-JS
// code. Ed25519 is deterministic (RFC 8032): both give the same signature over the same bytes, so
// where a signature is made never shows in what it is. Both check as strictly: OpenSSL follows
// RFC 8032's rules for encodings, and the pure-JS check is asked to (no ZIP 215 leniency), so a
// signature that verifies on a server verifies in a page, and one refused in either is refused in both.

/** Ed25519 over raw keys and bytes, as @noble/curves takes them. */
export interface Ed25519 {
  /** The 32-byte public key of the 32-byte secret seed. */
  getPublicKey(secretKey: Uint8Array): Uint8Array;
  /** The 64-byte signature over `message` by the 32-byte secret seed. */
  sign(message: Uint8Array, secretKey: Uint8Array): Uint8Array;
  /** Whether `signature` (64 bytes) over `message` verifies under `publicKey` (32 bytes). Never throws. */
  verify(signature: Uint8Array, message: Uint8Array, publicKey: Uint8Array): boolean;
}

/** The part of Node's crypto used here, typed locally so browser code needs no Node types. */
interface NodeCrypto {
  createPublicKey(key: unknown): { export(options: { format: 'der'; type: 'spki' }): Uint8Array };
  createPrivateKey(options: { key: Uint8Array; format: 'der'; type: 'pkcs8' }): unknown;
  sign(algorithm: null, data: Uint8Array, key: unknown): Uint8Array;
  verify(algorithm: null, data: Uint8Array, key: unknown, signature: Uint8Array): boolean;
}

// The DER prefixes of RFC 8410 that wrap a raw key for OpenSSL: PKCS #8 before a 32-byte seed,
// SubjectPublicKeyInfo before a 32-byte public key.
const PKCS8_PREFIX = [0x30, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20];
const SPKI_PREFIX = [0x30, 0x2a, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x03, 0x21, 0x00];
const KEY_SIZE = 32;
const SIGNATURE_SIZE = 64;
// Made keys are kept: importing one costs more than the signature. A server uses one or two.
const KEYS_KEPT = 64;

function wrapped(prefix: readonly number[], raw: Uint8Array): Uint8Array {
  const der = new Uint8Array(prefix.length + raw.length);
  der.set(prefix);
  der.set(raw, prefix.length);
  return der;
}

function keptKeys(make: (raw: Uint8Array) => unknown): (raw: Uint8Array) => unknown {
  const kept = new Map<string, unknown>();
  return (raw) => {
    const name = String.fromCharCode(...raw);
    let key = kept.get(name);
    if (key === undefined) {
      key = make(raw);
      if (kept.size >= KEYS_KEPT) kept.delete(kept.keys().next().value as string);
      kept.set(name, key);
    }
    return key;
  };
}

/** @noble/curves' ed25519, as much of it as is used here. */
export interface PureJsEd25519 {
  getPublicKey(secretKey: Uint8Array): Uint8Array;
  sign(message: Uint8Array, secretKey: Uint8Array): Uint8Array;
  verify(signature: Uint8Array, message: Uint8Array, publicKey: Uint8Array, options: { zip215: boolean }): boolean;
}

/** Node's Ed25519 where this runs in Node, else `pureJs`, checking as strictly. */
export function ed25519On(pureJs: PureJsEd25519): Ed25519 {
  return (
    nodeEd25519() ?? {
      getPublicKey: (secretKey) => pureJs.getPublicKey(secretKey),
      sign: (message, secretKey) => pureJs.sign(message, secretKey),
      verify(signature, message, publicKey) {
        try {
          return pureJs.verify(signature, message, publicKey, { zip215: false });
        } catch {
          return false;
        }
      },
    }
  );
}

/** Node's Ed25519, or null outside Node (or in a Node without getBuiltinModule). */
export function nodeEd25519(): Ed25519 | null {
  const process = (globalThis as { process?: { getBuiltinModule?(id: string): unknown } }).process;
  const crypto = process?.getBuiltinModule?.('node:crypto') as Partial<NodeCrypto> | undefined;
  if (!crypto?.createPrivateKey || !crypto.createPublicKey || !crypto.sign || !crypto.verify) return null;
  const { createPrivateKey, createPublicKey, sign, verify } = crypto as NodeCrypto;
  const privateKey = keptKeys((seed) =>
    createPrivateKey({ key: wrapped(PKCS8_PREFIX, seed), format: 'der', type: 'pkcs8' }),
  );
  const publicKey = keptKeys((raw) => createPublicKey({ key: wrapped(SPKI_PREFIX, raw), format: 'der', type: 'spki' }));
  const seedOf = (secretKey: Uint8Array): Uint8Array => {
    if (secretKey.length !== KEY_SIZE) throw new RangeError('an Ed25519 secret key is 32 bytes');
    return secretKey;
  };
  return {
    getPublicKey(secretKey) {
      // The SubjectPublicKeyInfo of the key, less its prefix, is the raw public key.
      return new Uint8Array(
        createPublicKey(privateKey(seedOf(secretKey))).export({ format: 'der', type: 'spki' }),
      ).slice(SPKI_PREFIX.length);
    },
    sign(message, secretKey) {
      return new Uint8Array(sign(null, message, privateKey(seedOf(secretKey))));
    },
    verify(signature, message, key) {
      if (key.length !== KEY_SIZE || signature.length !== SIGNATURE_SIZE) return false;
      try {
        return verify(null, message, publicKey(key), signature);
      } catch {
        // A byte string that is no point on the curve cannot be imported: no signature verifies under it.
        return false;
      }
    },
  };
}

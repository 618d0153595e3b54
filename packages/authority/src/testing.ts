// For tests only: a manual clock, and a software passkey.
import { p256 } from '@noble/curves/nist.js';
import { sha256 } from '@noble/hashes/sha2.js';
import type { PasskeyAssertion } from './step-authorization.ts';

// A manual clock for tests of anything that takes injected timers (the decision channel's
// timeout): timers fire only when the test advances time, in due order.

export interface ManualClock {
  setTimer(callback: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
  advance(ms: number): void;
  /** Timers set and not yet fired or cleared. */
  readonly pending: number;
}

export function manualClock(): ManualClock {
  let now = 0;
  let next = 0;
  const timers = new Map<number, { at: number; callback: () => void }>();
  return {
    setTimer(callback, ms) {
      next += 1;
      timers.set(next, { at: now + ms, callback });
      return next;
    },
    clearTimer(handle) {
      timers.delete(handle as number);
    },
    advance(ms) {
      const target = now + ms;
      for (;;) {
        const due = [...timers.entries()]
          .filter(([, timer]) => timer.at <= target)
          .sort((a, b) => a[1].at - b[1].at || a[0] - b[0])[0];
        if (!due) break;
        timers.delete(due[0]);
        now = due[1].at;
        due[1].callback();
      }
      now = target;
    },
    get pending() {
      return timers.size;
    },
  };
}

// A software passkey for server tests: an ES256 (P-256) credential that answers WebAuthn
// ceremonies as an authenticator would, so a test can enrol a dispatcher and approve with them
// over HTTP. This is honest: the desk's server and the partners' servers verify what it answers
// with @simplewebauthn/server, for real (origin, rpId, flags, counter, challenge, signature);
// nothing on the server side is stubbed. Only the authenticator is software, as the browser tests'
// CDP virtual authenticator (WebAuthn.addVirtualAuthenticator) is. It is built on @noble (this
// package's own dependencies), not node:crypto, because this entry is also bundled into browser
// test pages; the CBOR it writes is the few major types WebAuthn needs, decoded on the server by
// the library's own CBOR reader, so a mistake here fails verification rather than hiding.

/** A registration answer as navigator.credentials.create() gives it (@simplewebauthn's RegistrationResponseJSON). */
export interface PasskeyRegistration {
  readonly id: string;
  readonly rawId: string;
  readonly type: 'public-key';
  readonly response: {
    readonly clientDataJSON: string;
    readonly attestationObject: string;
    readonly transports: readonly string[];
  };
  readonly clientExtensionResults: Record<string, never>;
  readonly authenticatorAttachment: 'platform';
}

export interface CeremonyOptions {
  /** The UV flag: false answers as an authenticator that only saw presence. Default true. */
  readonly userVerified?: boolean;
}

export interface SoftwarePasskey {
  /** The credential id, base64url. */
  readonly id: string;
  /** The COSE_Key of the public half (EC2, P-256, ES256), as a relying party stores it. */
  readonly publicKey: Uint8Array;
  /** The signature counter the last assertion carried. */
  readonly counter: number;
  /** navigator.credentials.create() with attestation 'none'. */
  register(challenge: string, origin: string, rpId: string, options?: CeremonyOptions): PasskeyRegistration;
  /** navigator.credentials.get(): signs authenticatorData ‖ SHA-256(clientDataJSON). The counter moves on by one unless given. */
  assert(
    challenge: string,
    origin: string,
    rpId: string,
    counter?: number,
    options?: CeremonyOptions,
  ): PasskeyAssertion;
}

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;
const utf8 = new TextEncoder();

export function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function concat(...parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

function uint32(value: number): Uint8Array {
  const out = new Uint8Array(4);
  new DataView(out.buffer).setUint32(0, value >>> 0);
  return out;
}

type Cbor = number | string | Uint8Array | ReadonlyMap<number | string, Cbor>;

/** CBOR (RFC 8949) for the types WebAuthn uses: integers, byte and text strings, maps. */
function cbor(value: Cbor): Uint8Array {
  const head = (major: number, length: number): Uint8Array => {
    if (length < 24) return Uint8Array.of((major << 5) | length);
    if (length < 0x100) return Uint8Array.of((major << 5) | 24, length);
    if (length < 0x10000) return Uint8Array.of((major << 5) | 25, length >> 8, length & 0xff);
    return concat(Uint8Array.of((major << 5) | 26), uint32(length));
  };
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = utf8.encode(value);
    return concat(head(3, bytes.length), bytes);
  }
  if (value instanceof Uint8Array) return concat(head(2, value.length), value);
  return concat(head(5, value.size), ...[...value].flatMap(([key, item]) => [cbor(key), cbor(item)]));
}

export function softwarePasskey(): SoftwarePasskey {
  const secretKey = p256.utils.randomSecretKey();
  const uncompressed = p256.getPublicKey(secretKey, false); // 0x04 ‖ x ‖ y
  const credentialId = crypto.getRandomValues(new Uint8Array(16));
  // COSE_Key: kty EC2 (1: 2), alg ES256 (3: -7), crv P-256 (-1: 1), x (-2), y (-3).
  const cose = cbor(
    new Map<number, Cbor>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, uncompressed.slice(1, 33)],
      [-3, uncompressed.slice(33, 65)],
    ]),
  );
  let counter = 0;
  const clientData = (type: string, challenge: string, origin: string) =>
    utf8.encode(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  const flags = (options: CeremonyOptions | undefined) => FLAG_UP | (options?.userVerified === false ? 0 : FLAG_UV);
  const id = base64url(credentialId);

  return {
    id,
    publicKey: cose,
    get counter() {
      return counter;
    },
    register(challenge, origin, rpId, options) {
      const attested = concat(
        new Uint8Array(16),
        Uint8Array.of(credentialId.length >> 8, credentialId.length & 0xff),
        credentialId,
        cose,
      );
      const authData = concat(
        sha256(utf8.encode(rpId)),
        Uint8Array.of(flags(options) | FLAG_AT),
        uint32(counter),
        attested,
      );
      const attestationObject = cbor(
        new Map<string, Cbor>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData],
        ]),
      );
      return {
        id,
        rawId: id,
        type: 'public-key',
        response: {
          clientDataJSON: base64url(clientData('webauthn.create', challenge, origin)),
          attestationObject: base64url(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
    assert(challenge, origin, rpId, at, options) {
      counter = at ?? counter + 1;
      const authenticatorData = concat(sha256(utf8.encode(rpId)), Uint8Array.of(flags(options)), uint32(counter));
      const clientDataJSON = clientData('webauthn.get', challenge, origin);
      const signature = p256.sign(concat(authenticatorData, sha256(clientDataJSON)), secretKey, {
        prehash: true,
        format: 'der',
      });
      return {
        id,
        rawId: id,
        type: 'public-key',
        response: {
          clientDataJSON: base64url(clientDataJSON),
          authenticatorData: base64url(authenticatorData),
          signature: base64url(signature),
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
  };
}

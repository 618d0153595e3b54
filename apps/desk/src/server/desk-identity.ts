// Who the desk is, to passkeys and to partners: its origin, its WebAuthn relying-party id (the
// origin's host), and its signing key.
import { SITES } from '@warrant/config';
import type { SigningKey } from '@warrant/authority';

export interface DeskIdentity {
  readonly origin: string;
  readonly rpId: string;
  readonly key: SigningKey;
}

export function deskIdentity(key: SigningKey): DeskIdentity {
  return { origin: SITES.desk.origin, rpId: new URL(SITES.desk.origin).hostname, key };
}

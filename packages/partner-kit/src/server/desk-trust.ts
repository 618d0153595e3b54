// How a partner knows the desk: the desk's origin from the registry, its record fetched from its
// server (at the address a process on this computer reaches it by) on every authorized write (so a dispatcher the desk removed is refused from that moment), and the
// desk key it trusts: WARRANT_TRUSTED_DESK_KEY when set (a deployment pins it), otherwise the key
// the desk's origin serves.
import { SITES } from '@warrant/config';
import type { AuthorizationCheck, DeskRecord } from './authorization-check.ts';

const DESK_RECORD_PATH = '/.well-known/warrant-desk.json';
const DESK_TIMEOUT_MS = 5_000;

export function deskFromItsOrigin(env: Readonly<Record<string, string | undefined>>): AuthorizationCheck['desk'] {
  const pinned = env['WARRANT_TRUSTED_DESK_KEY']?.trim() || null;
  return async () => {
    try {
      const response = await fetch(`${SITES.desk.address}${DESK_RECORD_PATH}`, { signal: AbortSignal.timeout(DESK_TIMEOUT_MS) });
      if (!response.ok) return { ok: false, reason: `the desk answered ${response.status}` };
      const record = (await response.json()) as DeskRecord;
      return { ok: true, record, trustedKey: pinned ?? record.key };
    } catch (error) {
      return { ok: false, reason: error instanceof Error ? error.message : String(error) };
    }
  };
}

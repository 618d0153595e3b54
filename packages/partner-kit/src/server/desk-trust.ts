// How a partner knows the desk: the desk's origin from the registry, its record fetched from its
// server (at the address a process on this computer reaches it by) on every authorized write (so a dispatcher the desk removed is refused from that moment), and the
// desk key it trusts: WARRANT_TRUSTED_DESK_KEY when set (a deployment pins it), otherwise the key
// the desk's origin serves.
//
// The desk tags its record (a weak ETag, the digest of what it says), and the partner asks with the
// tag of the record it last had: while the desk's list is unchanged the desk answers 304 and the
// partner checks against the record it holds, which is that same list; once a dispatcher is
// removed the tag differs and that very answer is the new record. Either way the desk is asked
// on every write, and nothing is taken from the record without the checks it always had.
import { SITES } from '@warrant/config';
import type { AuthorizationCheck, DeskRecord } from './authorization-check.ts';

const DESK_RECORD_PATH = '/.well-known/warrant-desk.json';
const DESK_TIMEOUT_MS = 5_000;

/** A GET of `path` at the desk's server. */
export type FetchDesk = (path: string, init: RequestInit) => Promise<Response>;

const atItsOrigin: FetchDesk = (path, init) => fetch(`${SITES.desk.address}${path}`, init);

export function deskFromItsOrigin(
  env: Readonly<Record<string, string | undefined>>,
  get: FetchDesk = atItsOrigin,
): AuthorizationCheck['desk'] {
  const pinned = env['WARRANT_TRUSTED_DESK_KEY']?.trim() || null;
  let held: { readonly tag: string; readonly record: DeskRecord } | null = null;
  return async () => {
    try {
      const known = held;
      const response = await get(DESK_RECORD_PATH, {
        signal: AbortSignal.timeout(DESK_TIMEOUT_MS),
        ...(known ? { headers: { 'If-None-Match': known.tag } } : {}),
      });
      if (response.status === 304 && known)
        return { ok: true, record: known.record, trustedKey: pinned ?? known.record.key };
      if (!response.ok) return { ok: false, reason: `the desk answered ${response.status}` };
      const record = (await response.json()) as DeskRecord;
      const tag = response.headers.get('ETag');
      held = tag ? { tag, record } : null;
      return { ok: true, record, trustedKey: pinned ?? record.key };
    } catch (error) {
      return { ok: false, reason: error instanceof Error ? error.message : String(error) };
    }
  };
}

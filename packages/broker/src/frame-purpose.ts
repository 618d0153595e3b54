// What a partner frame is mounted for, said to the partner's page in the frame's URL fragment
// (never sent to any server). The page registers its writes only in a frame mounted for
// execute_plan: a read lease's frame holds no write tool at all. The page is not a boundary (any
// script can navigate a frame to another fragment), so this is defence in depth; each partner's
// server still refuses a write that carries no step authorization.
import { LEASE_PURPOSES, type LeasePurpose } from './lease-purposes.ts';

const KEY = 'lease-purpose';

/** The frame's URL for a lease of this purpose: the partner page's path, with the purpose said in its fragment. */
export function framedUrl(path: string, origin: string, purpose: LeasePurpose): string {
  const url = new URL(path, origin);
  url.hash = new URLSearchParams({ [KEY]: purpose }).toString();
  return url.href;
}

/** The purpose a frame's URL fragment says, or null when it says none (or one that is not a purpose). */
export function framePurposeOf(hash: string): LeasePurpose | null {
  const said = new URLSearchParams(hash.replace(/^#/, '')).get(KEY);
  return LEASE_PURPOSES.find((purpose) => purpose === said) ?? null;
}

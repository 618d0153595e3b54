// Whether a record's naming of its bylaws ({ id, digest }) is a file this bench holds, as it was
// when the record was made: a record is never read under a changed text of its bylaws.
import type { BylawsFile } from './bylaws-file.ts';
import { bylawsDigest } from './digest.ts';
import { BYLAWS_BY_ID } from './registry.ts';

/** How a meeting's first entry names `file`. */
export const namingOf = (file: BylawsFile): { readonly id: string; readonly digest: string } => ({
  id: file.id,
  digest: bylawsDigest(file),
});

/** Why `named` is not bylaws this bench holds unchanged, or null. */
export function namedBylawsProblem(named: unknown): string | null {
  const { id, digest } = (typeof named === 'object' && named !== null ? named : {}) as Record<string, unknown>;
  const file = typeof id === 'string' ? BYLAWS_BY_ID.get(id) : undefined;
  if (!file) return `it names bylaws this bench does not hold (${String(id)})`;
  if (digest !== bylawsDigest(file))
    return `it names another text of the ${file.name}'s bylaws than the one this bench holds`;
  return null;
}

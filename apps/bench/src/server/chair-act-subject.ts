// What the chair's passkey signs for one of the chair's acts: the act exactly as it would be
// recorded, as RFC 8785 JSON (which record, after which entry, which act, what it carries). That
// text is the subject of the act's statement (@warrant/people's proposeAct), and the challenge the
// passkey answers is the statement's SHA-256: so what is signed is what is recorded, on the record
// it was decided on, and nothing else. A ruling's chair is the server's to fill in, not signed.
import { canonicalJson } from '@warrant/authority';
import type { ChairActAsked } from '../api/inputs.ts';

export function chairActSubject(meeting: number, asked: ChairActAsked): string {
  const { ruledBy: _filledIn, ...payload } = asked.payload;
  return canonicalJson({ meeting, after: asked.after, act: asked.type, payload });
}

// What a member's passkey signs for a vote: the vote exactly as it would be recorded, as RFC 8785
// JSON (which record, which question — its digest, the chain head just after the chair put it —
// and the choice). That text is the subject of the vote's statement (@warrant/people's proposeAct),
// whose SHA-256 is the challenge: so the vote recorded is the one signed, on that question only.
// Who votes is the statement's person, the one whose passkey answers, never a name in a body.
import { canonicalJson } from '@warrant/authority';
import type { Payloads } from '../domain/state.ts';

export function voteSubject(meeting: number, vote: Payloads['cast_vote']): string {
  return canonicalJson({ meeting, question: vote.question, vote: vote.choice });
}

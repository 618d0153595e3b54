// Idempotency keys the desk derives, never invents: a step of an approved plan runs once per
// approval (a retry of the same step repeats the key, so the partner answers with the first
// result), and the undo of a step has a key of its own, derived from the step's.
//
// The key names the approval by its id and by its passkey challenge (the SHA-256 of the statement
// the person signed). The id alone repeats: a desk reset opens a new book numbered from A-1 again,
// while a partner keeps the keys it was sent before, and would answer the new book's A-1 with the
// old book's write. The challenge never repeats (the statement carries the approval's expiry), so
// a key names one approval for good; the id is kept in front so a person reading a row can tell
// which approval it was.

/** How many characters of the challenge (base64url, 6 bits each) the key carries: 96 bits. */
const CHALLENGE_CHARS = 16;

export function stepIdempotencyKey(approval: string, challenge: string, stepIndex: number): string {
  return `${approval}.${challenge.slice(0, CHALLENGE_CHARS)}:step-${stepIndex}`;
}

export function undoIdempotencyKey(key: string): string {
  return `${key}:undo`;
}

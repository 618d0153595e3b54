// Accepting a review publishes it: the board's fields as accepted are kept as the book's next
// version, with the editor whose passkey accepted it, that passkey, the statement it signed and its
// answer. Written inside the acceptance's own transaction (board-record.ts), under the board's
// lock, so a version exists exactly when its acceptance does; the table refuses a second version
// of one review, and rows are only inserted (migrations/003).
import type { ConfirmedAct } from '@warrant/people';
import type { Queryable } from '@warrant/site-server';
import type { PublishedVersion } from '../api/published-versions.ts';
import { diffFields, type BoardState, type FieldChange, type FieldValues } from '../domain/state.ts';

/** An act an editor's passkey confirmed, and the passkey's answer, as the grant route received it. */
export interface Granted {
  readonly ok: true;
  readonly confirmed: ConfirmedAct;
  readonly assertion: unknown;
}

/** Whether the act that took the board from `before` to `after` accepted a review. */
export const publishes = (before: BoardState, after: BoardState): boolean =>
  before.phase !== 'ACCEPTED' && after.phase === 'ACCEPTED';

/** Keeps `accepted` (the board its acceptance left, at `book`.`seq`, recorded as ledger entry `entry`) as the book's next version. */
export async function publish(
  tx: Queryable,
  at: { readonly book: number; readonly seq: number },
  entry: number,
  accepted: BoardState,
  granted: Granted,
): Promise<number> {
  const { review, acceptedAt } = accepted;
  if (!review || !acceptedAt) throw new Error('An accepted board holds its review and when it was accepted.');
  const [previous] = await tx.query<{ version: number; fields: FieldValues }>(
    'SELECT version, fields FROM board_publications WHERE book = $1 ORDER BY version DESC LIMIT 1',
    [at.book],
  );
  const version = (previous?.version ?? 0) + 1;
  const changes: FieldChange[] = diffFields(previous?.fields ?? accepted.baselineFields, accepted.fields);
  const { confirmed } = granted;
  await tx.query(
    `INSERT INTO board_publications
      (book, version, seq, review_id, fields, changes, editor_id, credential_id, statement, assertion, published_at, entry_seq)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
    [
      at.book,
      version,
      at.seq,
      review.reviewId,
      JSON.stringify(accepted.fields),
      JSON.stringify(changes),
      confirmed.person.id,
      confirmed.credentialId,
      JSON.stringify(confirmed.statement),
      JSON.stringify(granted.assertion),
      acceptedAt,
      entry,
    ],
  );
  return version;
}

interface PublicationRow {
  readonly version: number;
  readonly review_id: string;
  readonly fields: FieldValues;
  readonly changes: readonly FieldChange[];
  readonly editor_id: string;
  readonly name: string;
  readonly credential_id: string;
  readonly published_at: Date | string;
  readonly entry_seq: number | null;
}

/** The versions `book` has published, newest first. */
export async function publishedIn(q: Queryable, book: number): Promise<PublishedVersion[]> {
  const rows = await q.query<PublicationRow & Record<string, unknown>>(
    `SELECT p.version, p.review_id, p.fields, p.changes, p.editor_id, e.name, p.credential_id, p.published_at,
            p.entry_seq
       FROM board_publications p JOIN board_editors e ON e.id = p.editor_id
      WHERE p.book = $1 ORDER BY p.version DESC`,
    [book],
  );
  return rows.map((row) => ({
    version: row.version,
    reviewId: row.review_id,
    fields: row.fields,
    changes: row.changes,
    acceptedBy: { id: row.editor_id, name: row.name },
    passkey: row.credential_id,
    publishedAt: new Date(row.published_at).toISOString(),
    entry: row.entry_seq,
  }));
}

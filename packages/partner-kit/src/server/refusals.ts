// Writes refused at the site's door, kept so the site's staff see them: nothing changed, but
// someone tried, and the record says who claimed to, on which channel, and why it was refused.
import type { Database, Queryable } from '@warrant/site-server';
import type { DoorRefusal } from '../door-refusal.ts';

const SHOWN = 50;

// Staff see a refusal as it happens, in every tab of the site: the record's position does not move
// (nothing was written), so a refusal is announced on a channel of its own.
export const REFUSALS_CHANNEL = 'partner_refusals';

/** Keeps the refusal; answers its id. */
export async function recordRefusal(
  via: Queryable,
  refusal: Omit<DoorRefusal, 'at'> & { readonly book: number },
): Promise<string> {
  const [row] = await via.query<{ id: string | number }>(
    'INSERT INTO partner_refusals (tool, code, reason, request, channel, book_no) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id',
    [refusal.tool, refusal.code, refusal.reason, refusal.request, refusal.channel, refusal.book],
  );
  return String(row?.id ?? '');
}

/** The newest refusals of the current book: a reset starts the site's record afresh, refusals too. */
export async function recentRefusals(db: Database, book: number): Promise<DoorRefusal[]> {
  const rows = await db.query<{
    at: Date | string;
    tool: string;
    code: string;
    reason: string;
    request: string | null;
    channel: string;
  }>(
    `SELECT at, tool, code, reason, request, channel FROM partner_refusals WHERE book_no = $1 ORDER BY id DESC LIMIT ${SHOWN}`,
    [book],
  );
  return rows.map((row) => ({ ...row, at: new Date(row.at).toISOString() }));
}

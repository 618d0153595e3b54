// A head never shrinks. Before the desk's server signs a head it checks the tree of its stored rows
// against the largest head it has signed in the book: a tree smaller than that head, or one whose
// RFC 6962 consistency proof from it does not verify, means rows the desk signed were deleted or
// rewritten behind its server. Then it signs nothing, keeps the finding (desk_ledger_holds) and says
// so in plain words, and goes on signing nothing in that book until a dispatcher has looked (the
// look route below) and the stored rows extend the largest head again (restored from a backup). A
// smaller head is never signed; a desk whose rows cannot be restored starts a new book.
import type { Hono } from 'hono';
import { verifyConsistency, type MerkleTree, type SignedTreeHead } from '@warrant/ledger';
import type { Database, Queryable } from '@warrant/site-server';
import { refusal, type ToolRefusal } from '@warrant/surface';
import { currentBook } from './approvals.ts';
import { DESK_API } from '../api/desk-api.ts';
import { refused } from './http.ts';
import { serve } from './serve-route.ts';
import { currentDispatcher } from './sessions.ts';

type Problem = 'shorter' | 'inconsistent';

type Hold = {
  readonly id: number;
  readonly problem: Problem;
  readonly signed_size: number;
  readonly stored_size: number;
  readonly found_at: string | Date;
  readonly looked_by: string | null;
  readonly looked_at: string | Date | null;
};

const rows = (n: number) => `${n} ${n === 1 ? 'row' : 'rows'}`;

/** The largest head signed in `book`, or null before the first. */
export async function largestSignedHead(via: Queryable, book: number): Promise<SignedTreeHead | null> {
  const [row] = await via.query<{ head: SignedTreeHead | string }>(
    'SELECT head FROM desk_ledger_heads WHERE book_no = $1 ORDER BY size DESC LIMIT 1',
    [book],
  );
  if (!row) return null;
  return typeof row.head === 'string' ? (JSON.parse(row.head) as SignedTreeHead) : row.head;
}

/** What is wrong with signing `tree` after `largest`: null when the tree extends it. */
function problemWith(tree: MerkleTree, largest: SignedTreeHead): Problem | null {
  if (tree.size < largest.size) return 'shorter';
  const extends_ = verifyConsistency(
    largest.size,
    tree.size,
    largest.size === 0 ? [] : tree.consistencyProof(largest.size, tree.size),
    Uint8Array.from(Buffer.from(largest.root_hash, 'hex')),
    tree.root(tree.size),
  );
  return extends_ ? null : 'inconsistent';
}

function heldRefusal(hold: Hold, stored: number): ToolRefusal {
  const looked = hold.looked_at ? ` A dispatcher (${hold.looked_by ?? 'unknown'}) has looked.` : '';
  const details = {
    problem: hold.problem,
    signed_size: hold.signed_size,
    stored_size: stored,
    found_at: new Date(hold.found_at).toISOString(),
    looked_by: hold.looked_by,
    looked_at: hold.looked_at ? new Date(hold.looked_at).toISOString() : null,
  };
  if (hold.problem === 'shorter')
    return refusal(
      'LEDGER_SHORTER_THAN_SIGNED',
      `The desk's record has ${rows(stored)}, but the desk signed a head of ${rows(hold.signed_size)}: ${rows(hold.signed_size - stored)} it signed ${hold.signed_size - stored === 1 ? 'is' : 'are'} gone from its database. The desk signs no smaller head and no new head until they are back and a dispatcher has looked.${looked}`,
      details,
    );
  if (hold.problem === 'inconsistent')
    return refusal(
      'LEDGER_NOT_CONSISTENT_WITH_SIGNED',
      `The desk's record no longer begins with the ${rows(hold.signed_size)} it signed: rows were changed in its database after it signed them. The desk signs no new head until they are put back and a dispatcher has looked.${looked}`,
      details,
    );
  return refusal('LEDGER_HELD', 'The desk signs no new head until a dispatcher has looked.', details);
}

/**
 * Whether a head of `tree` may be signed in `book`, inside the caller's transaction: null when it
 * may, else the refusal to answer (and the finding kept). `tx` holds the heads' lock.
 */
export async function holdProblem(tx: Queryable, book: number, tree: MerkleTree): Promise<ToolRefusal | null> {
  const largest = await largestSignedHead(tx, book);
  const problem = largest ? problemWith(tree, largest) : null;
  if (problem && largest) {
    // One finding per thing found: asking again, or after a dispatcher looked, does not file it twice.
    const [kept] = await tx.query<Hold>(
      'SELECT * FROM desk_ledger_holds WHERE book_no = $1 AND problem = $2 AND signed_size = $3 AND stored_size = $4 ORDER BY id DESC LIMIT 1',
      [book, problem, largest.size, tree.size],
    );
    const hold =
      kept ??
      (
        await tx.query<Hold>(
          'INSERT INTO desk_ledger_holds (book_no, problem, signed_size, stored_size) VALUES ($1, $2, $3, $4) RETURNING *',
          [book, problem, largest.size, tree.size],
        )
      )[0]!;
    return heldRefusal(hold, tree.size);
  }
  const [unlooked] = await tx.query<Hold>(
    'SELECT * FROM desk_ledger_holds WHERE book_no = $1 AND looked_at IS NULL ORDER BY id LIMIT 1',
    [book],
  );
  if (!unlooked) return null;
  return refusal(
    'LEDGER_HELD',
    `The desk's record extends its signed heads again, but it found ${unlooked.problem === 'shorter' ? 'rows it had signed gone' : 'rows it had signed changed'} and signs no new head until a dispatcher has looked.`,
    { ...heldRefusal(unlooked, tree.size).details, problem: unlooked.problem },
  );
}

/** A dispatcher says they have looked at what the desk found: `POST /api/ledger/holds/look`. */
export function ledgerHoldRoutes(app: Hono, db: Database): void {
  serve(app, DESK_API.lookAtHolds, async (c, { reply }) => {
    const dispatcher = await currentDispatcher(c, db);
    if (!dispatcher)
      return refused(
        c,
        refusal('NOT_SIGNED_IN', 'Only a signed-in dispatcher can say they have looked. Nothing was changed.'),
        401,
      );
    const book = await currentBook(db);
    const looked = await db.query<{ id: number }>(
      'UPDATE desk_ledger_holds SET looked_by = $1, looked_at = now() WHERE book_no = $2 AND looked_at IS NULL RETURNING id',
      [dispatcher.id, book],
    );
    return reply({ ok: true, looked: looked.length, by: dispatcher });
  });
}

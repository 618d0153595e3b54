// This site keeps what it saw of the desk's ledger, and checks the desk against it. The desk's
// ledger is a transparency log (RFC 6962): with every authorized write this site stores the desk's
// latest signed tree head, and an audit checks that the desk's latest head extends every head kept
// (consistency proofs), that each desk row naming one of this site's receipts is in that head
// (inclusion proofs over the row's exported TSV line, computed here, never taken from the desk),
// and that every receipt this site issued under a desk authorization has such a row. Whatever fails
// is kept on this site's own record (append-only), so its staff learn the desk rewrote history.
//
// When it runs: on the staff's button, when the server starts (if it holds heads), and once writes
// have gone quiet for a while. The desk records its row of a write only after this site answered,
// so an audit right after a write would miss it: receipts younger than RECEIPT_GRACE_MS are not yet
// expected on the desk, and the quiet audit waits past that.
//
// A write's head is kept after the write is answered (the answer does not wait on the desk's
// ledger), so a server that stops in between leaves a receipt with no head row at all. The audit
// names such receipts in its summary, whatever its outcome: it never passes as if their heads were
// held. It waits for heads this process is still keeping, so it never reads a half-kept state.
import { AUTHORIZATION_FIELD } from '@warrant/authority';
import { readHopDetail } from '@warrant/broker';
import { SITES } from '@warrant/config';
import {
  leafHash,
  ledgerLeaf,
  readProofJson,
  verifyConsistency,
  verifyInclusion,
  verifyTreeHead,
  type LedgerRow,
  type SignedTreeHead,
} from '@warrant/ledger';
import type { Database } from '@warrant/site-server';
import type { DeskAuditFinding, DeskAuditRecord } from '../desk-audit-record.ts';
import type { ServedWrite } from '../partner-state.ts';
import type { AuthorizationCheck } from './authorization-check.ts';

/** Staff see an audit's outcome in every tab as it is recorded. */
export const DESK_AUDITS_CHANNEL = 'partner_desk_audits';
/** A receipt younger than this is not yet expected among the desk's rows. */
export const RECEIPT_GRACE_MS = 20_000;
/** The quiet audit runs this long after the last authorized write. */
export const AUDIT_AFTER_WRITES_MS = 25_000;
// A write waits this long at most for the desk's head; past it, the write keeps "no head obtained".
const HEAD_WAIT_MS = 2_000;
const AUDIT_WAIT_MS = 10_000;
const SHOWN = 20;

/** A GET on the desk's origin (server to server: its server at its address on this computer, which Node resolves; see @warrant/config). */
export type AskDesk = (path: string, signal: AbortSignal) => Promise<Response>;

export const askDeskAtItsOrigin: AskDesk = (path, signal) => fetch(`${SITES.desk.address}${path}`, { signal });

export interface DeskAuditOptions {
  readonly db: Database;
  /** The name the desk's ledger rows give this site (their `from`). */
  readonly partner: string;
  /** The desk as this site knows it: its trusted key is the one heads must be signed with. */
  readonly desk: AuthorizationCheck['desk'];
  readonly ask: AskDesk;
  readonly now: () => Date;
  /** The site's current book: heads and audits are kept per book, as the record is. */
  readonly book: () => Promise<number>;
  /** The writes of the current book. */
  readonly served: () => readonly ServedWrite[];
}

/** The write a head is kept with: its book, and the desk as its authorization was checked against. */
export interface KeptWrite {
  readonly book: number;
  readonly desk: AuthorizationCheck['desk'];
}

export interface DeskAudit {
  /**
   * Keeps the desk's latest head with the write that issued `receipt`, verified under the desk key
   * that write was checked with; never rejects. Audits and close() wait for it.
   */
  keepHead(receipt: string, write: KeptWrite): Promise<void>;
  /** Checks the desk's record now, records the outcome and answers it. */
  run(): Promise<DeskAuditRecord>;
  /** Runs an audit once writes have been quiet for AUDIT_AFTER_WRITES_MS. */
  afterWrite(): void;
  /** Runs an audit if this site holds any head of the desk's (on the server's start). */
  onStart(): void;
  recent(book: number): Promise<DeskAuditRecord[]>;
  close(): Promise<void>;
}

// The desk's own refusals to hand out a head because its stored rows no longer extend the largest
// head it signed (rows deleted or rewritten behind its server). That is not "could not check": the
// desk is saying its record is not what it signed, which is what this audit exists to find.
const DESK_SAYS_RECORD_CHANGED: ReadonlySet<string> = new Set([
  'LEDGER_SHORTER_THAN_SIGNED',
  'LEDGER_NOT_CONSISTENT_WITH_SIGNED',
  'LEDGER_HELD',
]);

type Got =
  | { readonly ok: true; readonly body: unknown }
  | {
      readonly ok: false;
      readonly problem: string;
      /** The desk's refusal, when it answered one in the refusal shape. */
      readonly refusal?: { readonly code: string; readonly message: string };
    };

/** The `{ code, message }` of a refusal the desk answered, or undefined for anything else. */
async function refusalIn(response: Response): Promise<{ code: string; message: string } | undefined> {
  try {
    const body = (await response.json()) as { code?: unknown; message?: unknown };
    return typeof body.code === 'string' && typeof body.message === 'string'
      ? { code: body.code, message: body.message }
      : undefined;
  } catch {
    return undefined;
  }
}

async function getJson(ask: AskDesk, path: string, waitMs: number): Promise<Got> {
  try {
    const response = await ask(path, AbortSignal.timeout(waitMs));
    if (!response.ok) {
      const problem = `the desk answered ${response.status} to ${path.split('?')[0]}`;
      const refusal = await refusalIn(response);
      return refusal ? { ok: false, problem, refusal } : { ok: false, problem };
    }
    return { ok: true, body: await response.json() };
  } catch (error) {
    return {
      ok: false,
      problem:
        error instanceof Error && error.name === 'TimeoutError'
          ? `the desk did not answer within ${waitMs / 1000} s`
          : 'the desk cannot be reached',
    };
  }
}

const plural = (count: number, one: string, many = `${one}s`): string => `${count} ${count === 1 ? one : many}`;
const headJson = (value: unknown): unknown => (typeof value === 'string' ? JSON.parse(value) : value);

export function deskAudit(options: DeskAuditOptions): DeskAudit {
  const { db, ask, now } = options;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let queue: Promise<unknown> = Promise.resolve();

  // Heads this process is still keeping.
  const keeping = new Set<Promise<void>>();

  async function trustedKey(
    desk: AuthorizationCheck['desk'] = options.desk,
  ): Promise<{ ok: true; key: string } | { ok: false; problem: string }> {
    const known = await desk();
    return known.ok ? { ok: true, key: known.trustedKey } : { ok: false, problem: known.reason };
  }

  async function record(
    book: number,
    outcome: DeskAuditRecord['outcome'],
    summary: string,
    findings: readonly DeskAuditFinding[],
  ): Promise<DeskAuditRecord> {
    const at = now().toISOString();
    const [row] = await db.query<{ id: string | number }>(
      'INSERT INTO partner_desk_audits (book_no, at, outcome, summary, findings) VALUES ($1, $2, $3, $4, $5) RETURNING id',
      [book, at, outcome, summary, JSON.stringify(findings)],
    );
    await db.notify(DESK_AUDITS_CHANNEL, String(row?.id ?? ''));
    return { at, outcome, summary, findings };
  }

  const keep = (book: number, receipt: string | null, kept: { head: SignedTreeHead } | { problem: string }) =>
    db.query('INSERT INTO partner_desk_heads (book_no, seen_at, receipt, head, problem) VALUES ($1, $2, $3, $4, $5)', [
      book,
      now().toISOString(),
      receipt,
      'head' in kept ? JSON.stringify(kept.head) : null,
      'problem' in kept ? kept.problem.slice(0, 500) : null,
    ]);

  const unsigned = (reason: string): DeskAuditFinding => ({
    code: 'HEAD_SIGNATURE_INVALID',
    message: `The desk handed us a head of its record that is not signed with the desk key we trust (${reason}), so it vouches for nothing.`,
  });

  /** The heads kept in `book`, each once (by size and root), smallest first. */
  async function heldHeads(book: number): Promise<{ head: SignedTreeHead; root: Uint8Array }[]> {
    const rows = await db.query<{ head: unknown }>(
      'SELECT head FROM partner_desk_heads WHERE book_no = $1 AND head IS NOT NULL ORDER BY id',
      [book],
    );
    const distinct = new Map<string, { head: SignedTreeHead; root: Uint8Array }>();
    for (const row of rows) {
      const checked = verifyTreeHead(headJson(row.head));
      if (checked.ok)
        distinct.set(`${checked.head.size}:${checked.head.root_hash}`, { head: checked.head, root: checked.root });
    }
    return [...distinct.values()].sort((a, b) => a.head.size - b.head.size);
  }

  async function consistent(
    held: { head: SignedTreeHead; root: Uint8Array },
    latest: { head: SignedTreeHead; root: Uint8Array },
  ): Promise<DeskAuditFinding | null> {
    const [from, to] = [held.head.size, latest.head.size];
    const changed = (how: string): DeskAuditFinding => ({
      code: 'HISTORY_CHANGED',
      message: `The desk's record changed after we saw it: ${how}`,
    });
    if (from > to) return changed(`it signed a head of ${from} rows, and its head now has only ${to}.`);
    if (from === to)
      return held.head.root_hash === latest.head.root_hash
        ? null
        : changed(`it signed two different heads of ${to} rows.`);
    const answer = await getJson(ask, `/api/ledger/proof/consistency?from=${from}&to=${to}`, AUDIT_WAIT_MS);
    const proof = answer.ok ? readProofJson(answer.body) : null;
    const holds =
      proof?.ok === true &&
      proof.kind === 'consistency' &&
      proof.fromSize === from &&
      proof.toSize === to &&
      verifyConsistency(from, to, proof.path, held.root, latest.root);
    return holds ? null : changed(`its head of ${from} rows is not contained in its head of ${to} rows.`);
  }

  async function included(
    row: LedgerRow,
    receipt: string,
    latest: { head: SignedTreeHead; root: Uint8Array },
  ): Promise<DeskAuditFinding | null> {
    const size = latest.head.size;
    const changed: DeskAuditFinding = {
      code: 'ROW_NOT_IN_HEAD',
      message: `The desk's record changed after we saw it: its row ${row.seq}, which names our receipt ${receipt}, is not the row its signed head of ${size} rows covers.`,
    };
    let leaf: Uint8Array;
    try {
      leaf = leafHash(ledgerLeaf(row));
    } catch {
      return changed;
    }
    const answer = await getJson(ask, `/api/ledger/proof/inclusion?seq=${row.seq}&size=${size}`, AUDIT_WAIT_MS);
    const proof = answer.ok ? readProofJson(answer.body) : null;
    const holds =
      proof?.ok === true &&
      proof.kind === 'inclusion' &&
      proof.seq === row.seq &&
      proof.treeSize === size &&
      verifyInclusion(row.seq - 1, size, leaf, proof.path, latest.root);
    return holds ? null : changed;
  }

  async function audit(): Promise<DeskAuditRecord> {
    const book = await options.book();
    const trust = await trustedKey();
    if (!trust.ok) return record(book, 'unchecked', `the desk's key could not be had (${trust.problem}).`, []);
    // The rows first, then the head: the head then covers every row read.
    const rowsAnswer = await getJson(ask, '/api/logs/ledger', AUDIT_WAIT_MS);
    if (!rowsAnswer.ok) return record(book, 'unchecked', `${rowsAnswer.problem}.`, []);
    const headAnswer = await getJson(ask, '/api/ledger/head', AUDIT_WAIT_MS);
    if (!headAnswer.ok && headAnswer.refusal && DESK_SAYS_RECORD_CHANGED.has(headAnswer.refusal.code))
      return record(book, 'failed', 'the desk says its record is not what it signed, and signs no head.', [
        {
          code: 'HISTORY_CHANGED',
          message: `The desk's record changed after it signed it, the desk says itself (${headAnswer.refusal.code}): ${headAnswer.refusal.message}`,
        },
      ]);
    if (!headAnswer.ok) return record(book, 'unchecked', `${headAnswer.problem}.`, []);
    const checked = verifyTreeHead(headAnswer.body, { key: trust.key });
    if (!checked.ok)
      return record(book, 'failed', "its latest head is not signed with the desk's key.", [unsigned(checked.reason)]);
    const latest = { head: checked.head, root: checked.root };
    const held = await heldHeads(book);
    await keep(book, null, { head: latest.head });

    const findings: DeskAuditFinding[] = [];
    for (const earlier of held) {
      const finding = await consistent(earlier, latest);
      if (finding) findings.push(finding);
    }

    const served = options.served();
    const ours = new Set(served.map((write) => write.receipt.id));
    const entries = ((rowsAnswer.body as { entries?: unknown }).entries ?? []) as readonly {
      readonly record?: LedgerRow;
    }[];
    // Receipts a desk row names (whether or not that row is in the head), and those whose row is.
    const named = new Set<string>();
    const claimed = new Set<string>();
    for (const { record: row } of entries) {
      if (!row || row.event !== 'tool_result' || row.from !== options.partner || row.seq > latest.head.size) continue;
      const receipt = readHopDetail(row.detail)['receipt'];
      if (!receipt || !ours.has(receipt)) continue;
      named.add(receipt);
      const finding = await included(row, receipt, latest);
      if (finding) findings.push(finding);
      else claimed.add(receipt);
    }

    const settled = now().getTime() - RECEIPT_GRACE_MS;
    const authorized = served.filter((write) => write.args[AUTHORIZATION_FIELD] !== undefined);
    const expected = authorized.filter((write) => Date.parse(write.at) <= settled);
    const unkept = await headless(book, expected);
    for (const write of expected) {
      if (named.has(write.receipt.id)) continue;
      findings.push({
        code: 'RECEIPT_NOT_ON_DESK',
        message: `Our receipt ${write.receipt.id} (${write.tool}, at ${write.at}) has no row in the desk's record, though the desk authorized that write.`,
      });
    }
    if (findings.length > 0)
      return record(
        book,
        'failed',
        `${plural(findings.length, 'thing')} in the desk's record ${findings.length === 1 ? 'does' : 'do'} not hold.${unkept}`,
        findings,
      );
    const found = expected.filter((write) => claimed.has(write.receipt.id)).length;
    const young = authorized.length - expected.length;
    const pending = young > 0 ? ` (${plural(young, 'newer receipt')} not yet expected there)` : '';
    return record(
      book,
      'passed',
      `${found} of ${expected.length} of our receipts are in it${pending}, consistent with the ${plural(held.length, 'head')} we hold.${unkept}`,
      [],
    );
  }

  /**
   * What to say of the receipts in `writes` with no head row at all (a row saying why no head was
   * had counts as kept): the server stopped, or could not write the row, after answering the write.
   */
  async function headless(book: number, writes: readonly ServedWrite[]): Promise<string> {
    const rows = await db.query<{ receipt: string }>(
      'SELECT DISTINCT receipt FROM partner_desk_heads WHERE book_no = $1 AND receipt IS NOT NULL',
      [book],
    );
    const kept = new Set(rows.map((row) => row.receipt));
    const missing = writes.filter((write) => !kept.has(write.receipt.id)).map((write) => write.receipt.id);
    if (missing.length === 0) return '';
    const named =
      missing.length > SHOWN
        ? `${missing.slice(0, SHOWN).join(', ')} and ${missing.length - SHOWN} more`
        : missing.join(', ');
    const one = missing.length === 1;
    return ` No head of the desk's was kept with ${missing.length} of our receipts (${named}): the server stopped, or could not record ${one ? 'it' : 'them'}, after answering ${one ? 'that write' : 'those writes'}, so ${one ? "that write's" : "those writes'"} view of the desk is not on our record.`;
  }

  /** One audit at a time: two at once would each keep the latest head and check half-kept state. */
  function run(): Promise<DeskAuditRecord> {
    const next = queue.then(async () => {
      await settled();
      return audit();
    });
    queue = next.catch(() => undefined);
    return next;
  }

  /** Once every head this process started keeping is kept (or given up). */
  async function settled(): Promise<void> {
    while (keeping.size > 0) await Promise.all([...keeping]);
  }

  async function keepHeadNow(receipt: string, write: KeptWrite): Promise<void> {
    const { book } = write;
    try {
      const [trust, answer] = await Promise.all([
        trustedKey(write.desk),
        getJson(ask, '/api/ledger/head', HEAD_WAIT_MS),
      ]);
      if (!trust.ok)
        return void (await keep(book, receipt, {
          problem: `no head obtained: the desk's key could not be had (${trust.problem})`,
        }));
      if (!answer.ok) return void (await keep(book, receipt, { problem: `no head obtained: ${answer.problem}` }));
      const checked = verifyTreeHead(answer.body, { key: trust.key });
      if (checked.ok) return void (await keep(book, receipt, { head: checked.head }));
      await keep(book, receipt, { problem: `the head did not verify: ${checked.reason}` });
      await record(book, 'failed', "the head it handed us with a write is not signed with the desk's key.", [
        unsigned(checked.reason),
      ]);
    } catch {
      // The write is done and answered by its receipt; a head not kept is only a head not kept,
      // and the audit says so (headless).
    }
  }

  return {
    keepHead(receipt, write) {
      const kept = keepHeadNow(receipt, write);
      keeping.add(kept);
      void kept.finally(() => keeping.delete(kept));
      return kept;
    },
    run,
    afterWrite() {
      clearTimeout(timer);
      timer = setTimeout(() => void run().catch(() => undefined), AUDIT_AFTER_WRITES_MS);
      timer.unref?.();
    },
    onStart() {
      queue = queue
        .then(async () => {
          const [held] = await db.query(
            'SELECT 1 FROM partner_desk_heads WHERE book_no = $1 AND head IS NOT NULL LIMIT 1',
            [await options.book()],
          );
          if (held) await audit();
        })
        .catch(() => undefined);
    },
    async recent(book) {
      const rows = await db.query<{
        at: Date | string;
        outcome: DeskAuditRecord['outcome'];
        summary: string;
        findings: unknown;
      }>(
        `SELECT at, outcome, summary, findings FROM partner_desk_audits WHERE book_no = $1 ORDER BY id DESC LIMIT ${SHOWN}`,
        [book],
      );
      return rows.map((row) => ({
        at: new Date(row.at).toISOString(),
        outcome: row.outcome,
        summary: row.summary,
        findings: headJson(row.findings) as DeskAuditFinding[],
      }));
    },
    async close() {
      clearTimeout(timer);
      await settled();
      await queue;
    },
  };
}

// Who holds each request, decided by the desk's server. Several dispatchers act at once, each on
// the requests they hold: the dispatcher whose page took a request in holds it; they may release
// it; another may take it over only with a reason, which is recorded. Only its holder's session
// adds to the record about a request (a page's row or event naming it is refused with the holder's
// name), so two dispatchers never decide about one request at once. Each change of hands is a
// `request_held` event on the desk's state (for every page to show) and a ledger row
// (request_taken, request_released, request_taken_over), written here in one transaction with it.
//
// The same check keeps every id of the record given once: an event naming a request, plan, lease
// or approval whose id was born as something else (another page chose the same number at the same
// moment) is refused, and the page decides again (desk-runtime.ts).
import type { Hono } from 'hono';
import { hopDetail } from '@warrant/broker';
import type { LedgerDraft } from '@warrant/ledger';
import type { Database, Queryable } from '@warrant/site-server';
import { refusal, type ToolRefusal } from '@warrant/surface';
import { SERVER_ONLY_DESK_EVENTS, type DeskEvent } from '../domain/desk-events.ts';
import { heldByAnotherRefusal } from '../domain/held-by-another.ts';
import type { IdKind } from '../domain/id-kinds.ts';
import type { HoldingAct, RequestHolder } from '../domain/request.ts';
import { currentBook } from './approvals.ts';
import { undecidedEnd, voidApprovalsOfRevisedPlan } from './approval-standing.ts';
import { DESK_API } from '../api/desk-api.ts';
import { refused } from './http.ts';
import { isReply, serve } from './serve-route.ts';
import type { Dispatcher } from './sessions.ts';
import { currentDispatcher } from './sessions.ts';
import { holdDeskRecords } from './record-locks.ts';
import { leaseEndedInRecord } from './run-leases.ts';

/** Who holds `request` in `book`, with their name; null when no one does. */
export async function holderOf(via: Queryable, book: number, request: string): Promise<RequestHolder | null> {
  const [row] = await via.query<{ id: string | null; name: string | null }>(
    `SELECT h.dispatcher_id AS id, d.name FROM request_holders h LEFT JOIN dispatchers d ON d.id = h.dispatcher_id
     WHERE h.book_no = $1 AND h.request = $2`,
    [book, request],
  );
  return row?.id ? { id: row.id, name: row.name ?? row.id } : null;
}

/** Whether `request` is a request of this book at all (taken in by a page, so born in the record). */
async function isRequest(via: Queryable, book: number, request: string): Promise<boolean> {
  const rows = await via.query('SELECT 1 FROM request_holders WHERE book_no = $1 AND request = $2', [book, request]);
  return rows.length > 0;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const record = (value: unknown): Readonly<Record<string, unknown>> =>
  typeof value === 'object' && value !== null ? (value as Readonly<Record<string, unknown>>) : {};

/** The request an event of the desk's state is about, if any. */
function requestOf(event: DeskEvent): string {
  switch (event.type) {
    case 'request_taken':
      return text(record(event.request)['id']);
    case 'request_held':
      return text(event.request);
    case 'plan_drafted':
      return text(record(event.plan)['request']);
    case 'approval_changed':
      return text(record(event.approval)['request']);
    case 'run_changed':
      return text(record(event.run)['request']);
    case 'lease_changed':
      return text(record(event.lease)['request']);
    case 'tools_learned':
      return '';
  }
}

/**
 * The id an event names and what that thing was born as: facts about it that never change while
 * it lives (an update of it carries the same), so a different thing under the same id is told apart.
 */
function birthOf(event: DeskEvent): { kind: IdKind; id: string; birth: string } | null {
  const born = (kind: IdKind, thing: Readonly<Record<string, unknown>>, ...fields: string[]) => ({
    kind,
    id: text(thing['id']),
    birth: JSON.stringify(fields.map((field) => thing[field] ?? null)),
  });
  switch (event.type) {
    case 'request_taken':
      return born('request', record(event.request), 'takenAt', 'place', 'people');
    case 'plan_drafted':
      return born('plan', record(event.plan), 'request');
    case 'lease_changed':
      return born('lease', record(event.lease), 'request', 'partner', 'openedAt');
    case 'approval_changed':
      return born('approval', record(event.approval), 'plan', 'raisedAt');
    default:
      return null;
  }
}

/** The ledger row recording a change of hands, by the desk's server. */
function holdingRow(act: HoldingAct, request: string, by: Dispatcher, pairs: Record<string, string>): LedgerDraft {
  return {
    actor: 'human',
    channel: 'ui',
    event: act === 'taken' ? 'request_taken' : act === 'released' ? 'request_released' : 'request_taken_over',
    from: 'desk',
    to: 'desk',
    request,
    policy: 'not_applicable',
    status: 'ok',
    detail: hopDetail({ dispatcher: by.id, ...pairs }),
  } as LedgerDraft;
}

/**
 * Why a page's event about `approval` is not about an approval the desk's server raised, or null
 * when it is. The server raises every approval, from the plan in its own record
 * (approval-raising.ts); a page records what became of it, never a new one of its own, nor one
 * with another plan, digest or expiry than the server holds (nor, approval-standing.ts, an end the
 * server did not decide). (An approval first recorded before
 * the server raised them, `bornHere` false with no row, keeps being recorded as it ends.)
 */
async function unraisedApproval(
  tx: Queryable,
  book: number,
  approval: Readonly<Record<string, unknown>>,
  bornHere: boolean,
): Promise<ToolRefusal | null> {
  const id = text(approval['id']);
  const [held] = await tx.query<{ plan_id: string | null; plan_digest: string; statement: unknown }>(
    'SELECT plan_id, plan_digest, statement FROM approvals WHERE book_no = $1 AND id = $2 LIMIT 1',
    [book, id],
  );
  const statement = record(typeof held?.statement === 'string' ? JSON.parse(held.statement) : held?.statement);
  const same =
    held !== undefined &&
    held.plan_id === approval['plan'] &&
    held.plan_digest === approval['digest'] &&
    Date.parse(text(statement['expires_at'])) === approval['expiresAt'];
  if (same || (held === undefined && !bornHere)) return null;
  return refusal(
    'APPROVAL_NOT_RAISED',
    `Only the desk's server raises an approval, for a plan its record holds (commit_plan); ${id || 'this approval'} is not one it raised as this page records it. Nothing was recorded.`,
    { approval: id },
  );
}

export interface HoldingDecision {
  /** The ledger rows the server writes with the page's records (a request taken in). */
  readonly ledger: readonly LedgerDraft[];
}

/**
 * Whether `dispatcher`'s page may append `drafts` to the desk's state, inside the append's
 * transaction `tx` (after the records are sealed, so a refusal rolls them back): an event only the
 * server writes is refused; an intake makes the dispatcher the request's holder (its heldBy must
 * name them); an event about a request another holds is refused naming them; an id born as
 * something else is refused.
 */
export async function stateHoldingProblem(
  tx: Queryable,
  dispatcher: Dispatcher,
  drafts: readonly unknown[],
  /** The seq of the batch's first record: what the record held before it is what counts. */
  batchFrom?: number,
): Promise<ToolRefusal | HoldingDecision> {
  const book = await currentBook(tx);
  const ledger: LedgerDraft[] = [];
  // A refusal of one record in a batch names its index, so the page sends the others again alone.
  const atIndex = (answer: ToolRefusal, index: number): ToolRefusal =>
    drafts.length === 1 ? answer : { ...answer, details: { ...answer.details, index } };
  for (const [index, draft] of drafts.entries()) {
    const event = draft as DeskEvent;
    if (SERVER_ONLY_DESK_EVENTS.includes(event.type))
      return refusal(
        'SERVER_ONLY_EVENT',
        `Only the desk's server records ${event.type}: who holds a request, and the run of an approved plan, are the server's to decide. Nothing was recorded.`,
        { event: event.type },
      );
    if (event.type === 'lease_changed') {
      const lease = record(event.lease);
      if ((event as { closedByRun?: unknown }).closedByRun !== undefined)
        return atIndex(
          refusal('SERVER_ONLY_EVENT', "Only the desk's server closes a lease at a run's end. Nothing was recorded.", {
            event: event.type,
          }),
          index,
        );
      // A lease the record holds ended (its run's end closed it, say) never changes again: a page
      // that had not heard it yet follows the record rather than rewrite it.
      const ended = await leaseEndedInRecord(tx, book, text(lease['id']), batchFrom);
      if (ended)
        return atIndex(
          refusal(
            'LEASE_ENDED',
            `Lease ${ended.id} is already ${ended.state} in the desk's record${ended.endReason ? ` (${ended.endReason})` : ''}. Nothing was recorded.`,
            { lease: ended.id, state: ended.state },
          ),
          index,
        );
    }
    const born = birthOf(event);
    let bornHere = false;
    if (born && born.id !== '') {
      bornHere =
        (
          await tx.query(
            'INSERT INTO desk_record_ids (book_no, kind, id, birth) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING 1',
            [book, born.kind, born.id, born.birth],
          )
        ).length > 0;
      const [kept] = await tx.query<{ birth: string }>(
        'SELECT birth FROM desk_record_ids WHERE book_no = $1 AND kind = $2 AND id = $3',
        [book, born.kind, born.id],
      );
      // Ids never repeat across books (id-numbers.ts): one an earlier book gave is taken for good.
      const earlier = await tx.query(
        'SELECT 1 FROM desk_record_ids WHERE book_no <> $1 AND kind = $2 AND id = $3 LIMIT 1',
        [book, born.kind, born.id],
      );
      if (kept?.birth !== born.birth || earlier.length > 0)
        return atIndex(
          refusal(
            'ID_TAKEN',
            `${born.id} is already another ${born.kind} of this desk (another page gave it first, or an earlier book did). Nothing was recorded: catch up with the record and decide again.`,
            { kind: born.kind, id: born.id },
          ),
          index,
        );
    }
    if (event.type === 'approval_changed') {
      const unraised = await unraisedApproval(tx, book, record(event.approval), bornHere);
      if (unraised) return atIndex(unraised, index);
      // Rejected or void only as the server decided it (approval-standing.ts).
      const undecided = await undecidedEnd(tx, book, record(event.approval));
      if (undecided) return atIndex(undecided, index);
    }
    // A revision that changed the plan's steps voids its pending approvals on the server, here.
    if (event.type === 'plan_drafted') await voidApprovalsOfRevisedPlan(tx, book, record(event.plan));
    const request = requestOf(event);
    if (event.type === 'request_taken') {
      const heldBy = record(record(event.request)['heldBy']);
      if (heldBy['id'] !== dispatcher.id)
        return atIndex(
          refusal(
            'INVALID_RECORD',
            `A request taken in is held by the dispatcher whose page took it in (${dispatcher.name}). Nothing was recorded.`,
            { request },
          ),
          index,
        );
      if (!(await isRequest(tx, book, request))) {
        await tx.query('INSERT INTO request_holders (book_no, request, dispatcher_id) VALUES ($1, $2, $3)', [
          book,
          request,
          dispatcher.id,
        ]);
        ledger.push(holdingRow('taken', request, dispatcher, { how: 'intake' }));
        continue;
      }
    }
    if (request === '') continue;
    const holder = await holderOf(tx, book, request);
    if (holder && holder.id !== dispatcher.id) return atIndex(heldByAnotherRefusal(request, holder), index);
  }
  return { ledger };
}

/**
 * Whether `dispatcher`'s page may add `drafts` to the ledger: not a row about a request another
 * holds, unless it records a call that was refused (an attempt changes nothing, and is kept).
 */
export async function ledgerHoldingProblem(
  tx: Queryable,
  dispatcher: Dispatcher,
  drafts: readonly unknown[],
): Promise<ToolRefusal | null> {
  const book = await currentBook(tx);
  for (const [index, draft] of drafts.entries()) {
    const row = record(draft);
    const request = text(row['request']);
    if (request === '' || row['status'] === 'refused') continue;
    const holder = await holderOf(tx, book, request);
    if (holder && holder.id !== dispatcher.id) {
      const held = heldByAnotherRefusal(request, holder);
      return drafts.length === 1 ? held : { ...held, details: { ...held.details, index } };
    }
  }
  return null;
}

/** What the server's own record-keeping offers the routes here: its two records, appended in one transaction. */
export interface HoldingRecords {
  /** Appends the state event and the ledger row in `tx`, the ledger's lock taken before the state's. */
  record(tx: Queryable, event: DeskEvent, row: LedgerDraft): Promise<ToolRefusal | null>;
  /** After the transaction: the ledger's heads learn of the row. */
  afterCommit(): Promise<void>;
}

const notSignedIn = () =>
  refusal(
    'NOT_SIGNED_IN',
    'Only a signed-in dispatcher takes, releases or takes over a request. Sign in with your passkey. Nothing was changed.',
  );

/** A thrown refusal, so the transaction it is thrown from rolls back. */
class Refused extends Error {
  constructor(readonly answer: ToolRefusal) {
    super(answer.message);
  }
}

export function requestHolderRoutes(app: Hono, db: Database, records: () => HoldingRecords): void {
  /**
   * Takes `request` for the signed-in dispatcher, or releases it: decided and recorded in one
   * transaction, the ledger's lock first (as every writer of both records takes them).
   */
  const change = async (
    dispatcher: Dispatcher,
    request: string,
    decide: (
      holder: RequestHolder | null,
    ) => { act: HoldingAct; holder: RequestHolder | null; reason?: string } | ToolRefusal,
  ) => {
    const keeper = records();
    try {
      const answer = await db.transaction(async (tx) => {
        const book = await currentBook(tx);
        if (!(await isRequest(tx, book, request)))
          return refusal('REQUEST_UNKNOWN', `There is no request ${request} at this desk. Nothing was changed.`, {
            request,
          });
        // Serialised with every append, so no page decides about the request while it changes hands.
        await holdDeskRecords(tx);
        const before = await holderOf(tx, book, request);
        const decided = decide(before);
        if ('ok' in decided) return decided;
        await tx.query(
          'UPDATE request_holders SET dispatcher_id = $3, since = now() WHERE book_no = $1 AND request = $2',
          [book, request, decided.holder?.id ?? null],
        );
        const event: DeskEvent = {
          type: 'request_held',
          request,
          holder: decided.holder,
          act: decided.act,
          at: new Date().toISOString(),
          ...(decided.reason === undefined ? {} : { reason: decided.reason }),
        };
        const pairs: Record<string, string> = {
          ...(before && decided.act === 'taken_over' ? { from_dispatcher: before.id } : {}),
          ...(decided.reason === undefined ? {} : { reason: decided.reason }),
        };
        const problem = await keeper.record(tx, event, holdingRow(decided.act, request, dispatcher, pairs));
        if (problem) throw new Refused(problem);
        return { ok: true as const, request, holder: decided.holder, act: decided.act, previous: before };
      });
      if (answer.ok) await keeper.afterCommit();
      return answer;
    } catch (error) {
      if (error instanceof Refused) return error.answer;
      throw error;
    }
  };

  // What a take and a release name (a request, and a take-over's reason) is the API's declaration.
  serve(app, DESK_API.take, async (c, { reply, input: read }) => {
    const dispatcher = await currentDispatcher(c, db);
    if (!dispatcher) return refused(c, notSignedIn(), 401);
    const input = await read();
    if (isReply(input)) return input;
    const me: RequestHolder = { id: dispatcher.id, name: dispatcher.name };
    const answer = await change(dispatcher, input.request, (holder) => {
      if (holder?.id === me.id)
        return refusal('ALREADY_HELD', `You already hold ${input.request}. Nothing was changed.`, {
          request: input.request,
        });
      if (holder === null) return { act: 'taken', holder: me };
      if (input.reason === undefined)
        return refusal(
          'REASON_REQUIRED',
          `${input.request} is held by ${holder.name}: taking it over needs a reason, which is recorded. Nothing was changed.`,
          { request: input.request, holder },
        );
      return { act: 'taken_over', holder: me, reason: input.reason };
    });
    return answer.ok ? reply(answer) : refused(c, answer, answer.code === 'REQUEST_UNKNOWN' ? 404 : 409);
  });

  serve(app, DESK_API.release, async (c, { reply, input: read }) => {
    const dispatcher = await currentDispatcher(c, db);
    if (!dispatcher) return refused(c, notSignedIn(), 401);
    const input = await read();
    if (isReply(input)) return input;
    const answer = await change(dispatcher, input.request, (holder) =>
      holder?.id === dispatcher.id
        ? { act: 'released', holder: null }
        : refusal(
            'NOT_HELD_BY_YOU',
            holder
              ? `${input.request} is held by ${holder.name}; only they release it. Nothing was changed.`
              : `No one holds ${input.request}. Nothing was changed.`,
            { request: input.request, holder },
          ),
    );
    return answer.ok ? reply(answer) : refused(c, answer, answer.code === 'REQUEST_UNKNOWN' ? 404 : 409);
  });
}

// The meeting's record on the bench's server: the one record every page of the bench shows. A page
// proposes an act; the server decides it here, on the record as stored, with the same fold and the
// same rulebook the page decided it with (../domain), and writes its entry only when it is in
// order, in one transaction holding the record's lock: the record is read, the act judged and the
// entry appended there, so two acts decided on one state never both land (the second hears
// STALE_TAB), whichever server process on one database took them.
//
// The server makes the entry: its number follows the last, its time is the server's clock, and a
// ruling names the chair presiding, and who made it is the server's to say (entry-author.ts: the
// signed-in person, in the role the act takes, or an agent on their behalf). What a page gives is
// the act and what it carries, checked against the act's own schema. Entries are kept as the
// exact JSON text they were chained from.
import { GENESIS } from '@warrant/ledger';
import {
  chainedEntries,
  type ChangeFeed,
  type Database,
  type Queryable,
  type RecordTail,
  type SignedEntries,
  type StoredEntry,
} from '@warrant/site-server';
import { refusal, validateInput, type ToolRefusal } from '@warrant/surface';
import type {
  ArchiveList,
  ArchivedEntries,
  EntryWritten,
  MeetingHead,
  MeetingRead,
  StartedOver,
} from '../api/answers.ts';
import type { EntryAsked } from '../api/inputs.ts';
import { prepare } from '../checkpoint-loader.ts';
import { STARTING_POINTS, type StartingPoint } from '../domain/checkpoints.ts';
import { entrySchemaOf } from '../domain/entry-schema.ts';
import { declaredCountProblem } from '../domain/ballot.ts';
import { outOfOrder, tallyProblem } from '../domain/in-order.ts';
import { replay } from '../domain/reduce.ts';
import { clockAt } from '../domain/retime.ts';
import type { MeetingEvent, Payloads, PersonOnRecord } from '../domain/state.ts';
import { entryProblem } from '../meeting-log-format.ts';
import { namingOf } from '../domain/bylaws/named.ts';
import { BYLAWS_BY_ID, BYLAWS_FILES, DEFAULT_BYLAWS } from '../domain/bylaws/registry.ts';
import type { BylawsFile } from '../domain/bylaws/bylaws-file.ts';
import type { EntryAuthor } from './entry-author.ts';

/** The record's lock, held to the end of a transaction that writes it (the desk's are 7_420_1xx). */
const RECORD_LOCK = 7_420_201;
const CHANNEL = 'bench_meeting';
/** The meeting's entries: one record per meeting, in bench_entries (@warrant/site-server's chained entries). */
const ENTRIES = chainedEntries<MeetingEvent>({ table: 'bench_entries', record: 'meeting_no' }, entryProblem);

/** The current record as stored, with its signed head: what the minutes and the record's export are made from. */
export interface SignedRecord extends SignedEntries {
  readonly meeting: number;
  readonly events: readonly MeetingEvent[];
}

/**
 * A last check inside the writing transaction (a passkey's answer over the act, on the record
 * `meeting`, as the entry would carry `payload`): a refusal, or null.
 */
export type Confirm = (tx: Queryable, meeting: number, payload: Record<string, unknown>) => Promise<ToolRefusal | null>;

/**
 * An act as the book takes it: as a page asked for it, or (`after` null) a member's own act, which
 * is recorded at the head as it stands, since it does not depend on what the page saw.
 */
export type BookAsked = Omit<EntryAsked, 'after'> & { readonly after: string | null };

export interface MeetingBook {
  read(): Promise<MeetingRead>;
  /**
   * Records the act `asked` as `author` made it, if it is in order on the record as stored and
   * `confirm` (run in the same transaction, on the record's number) finds nothing wrong.
   */
  append(asked: BookAsked, author: EntryAuthor, confirm?: Confirm): Promise<EntryWritten | ToolRefusal>;
  /** Whether `asked` would be recorded now, and on which record: nothing is written. */
  judge(
    asked: BookAsked,
    person?: PersonOnRecord,
  ): Promise<{ readonly ok: true; readonly meeting: number; readonly payload: Record<string, unknown> } | ToolRefusal>;
  /**
   * Archives the current record and starts another, made by `author`: its first entry names the
   * bylaws `bylaws` (the default's when absent), then the starting point `point` of the seeded meeting.
   */
  startOver(point: StartingPoint['id'], author: EntryAuthor, bylaws?: string): Promise<StartedOver | ToolRefusal>;
  archives(): Promise<ArchiveList>;
  archive(id: number): Promise<ArchivedEntries | ToolRefusal>;
  /** The current record's Merkle tree head, signed with the bench's key (refused over an entry changed behind the server). */
  head(): Promise<MeetingHead | ToolRefusal>;
  /** The current record's entries as stored, read at once with the signed head over exactly them; or RECORD_BROKEN. */
  signedRecord(): Promise<SignedRecord | ToolRefusal>;
  /** Every change of the record, from this process or another on the same database. */
  readonly feed: ChangeFeed;
  /** The operator's fresh start (the browser tests' control port): no record but an empty one. */
  reset(): Promise<void>;
  close(): Promise<void>;
}

async function currentMeeting(via: Queryable): Promise<number> {
  const [row] = await via.query<{ meeting_no: number }>('SELECT max(meeting_no) AS meeting_no FROM bench_meetings');
  return row?.meeting_no ?? 1;
}

const entriesOf = (via: Queryable, meeting: number): Promise<readonly StoredEntry[]> => ENTRIES.rows(via, meeting);

const eventsOf = (rows: readonly StoredEntry[]): MeetingEvent[] =>
  rows.map((row) => JSON.parse(row.entry) as MeetingEvent);
const headOf = (rows: readonly StoredEntry[]): string => rows.at(-1)?.head ?? GENESIS;

/** Chains and stores `events` after `tail` in `meeting`, all or none (a refusal throws, rolling back). */
const store = (tx: Queryable, meeting: number, events: readonly MeetingEvent[], tail: RecordTail) =>
  ENTRIES.append(tx, meeting, events, tail);

/**
 * A new meeting's entries: first the bylaws it is held under, named by `author` who created it (at
 * the time of the first entry after it, so the record's times read in order), then `events`.
 */
function openedUnder(
  bylaws: BylawsFile,
  author: EntryAuthor,
  events: readonly MeetingEvent[],
  at: string,
): MeetingEvent[] {
  const opening: MeetingEvent = {
    seq: 1,
    at: events[0]?.at ?? at,
    actor: author.actor,
    person: author.person,
    type: 'name_bylaws',
    payload: namingOf(bylaws),
  };
  return [opening, ...events.map((event) => ({ ...event, seq: event.seq + 1 }))];
}

/** A thrown refusal, so the transaction it is thrown from rolls back. */
class RolledBack extends Error {
  constructor(readonly answer: ToolRefusal) {
    super(answer.message);
  }
}

/**
 * What an act carries as its caller gave it (checked against its schema), and as the server
 * records it: a ruling names the chair presiding, never whom the caller named; a vote names the
 * question put now (its digest), never one the caller named.
 */
function payloadOf(asked: BookAsked, chair: string | null, question: string | null) {
  if (asked.type === 'cast_vote') {
    const vote = { ...asked.payload, question };
    return { given: vote, recorded: vote };
  }
  if (asked.type !== 'record_chair_ruling') return { given: asked.payload, recorded: asked.payload };
  const { ruledBy: _named, ...ruling } = asked.payload;
  return { given: ruling, recorded: { ruledBy: chair ?? 'the chair', ...ruling } };
}

/** The digest of the question put last: the chain head just after the chair put it (null: none yet). */
function questionDigest(rows: readonly StoredEntry[], events: readonly MeetingEvent[]): string | null {
  const at = events.findLastIndex((event) => event.type === 'put_the_question');
  return at < 0 ? null : (rows[at]?.head ?? null);
}

/**
 * What an act would be recorded as on the record `via` reads now, made by `person` (a member's own
 * act is judged for them); or why it would not be.
 */
async function judgeIn(via: Queryable, asked: BookAsked, person?: PersonOnRecord) {
  const meeting = await currentMeeting(via);
  const rows = await entriesOf(via, meeting);
  const stored = headOf(rows);
  if (asked.after !== null && asked.after !== stored) {
    return refusal(
      'STALE_TAB',
      'The minute book was changed by another page after this act was decided. Nothing was recorded: catch up, decide again on what is now the record, then retry.',
      { storedSeq: rows.length },
    );
  }
  const events = eventsOf(rows);
  const state = replay(events);
  const notInOrder = outOfOrder(state, asked.type, person);
  if (notInOrder) return notInOrder;
  const { given, recorded: payload } = payloadOf(asked, state.chair, questionDigest(rows, events));
  const problem = await validateInput(asked.type, entrySchemaOf(asked.type, state), given);
  if (problem) return problem;
  if (asked.type === 'record_vote_tally') {
    const miscount = tallyProblem(state, payload as Payloads['record_vote_tally']);
    if (miscount) return miscount;
  }
  if (asked.type === 'declare_result') {
    const notTheCount = declaredCountProblem(state, payload as Payloads['declare_result']);
    if (notTheCount) return notTheCount;
  }
  return { ok: true as const, meeting, stored, seq: rows.length + 1, payload };
}

export async function openMeetingBook(
  db: Database,
  signingKey: Uint8Array,
  now: () => Date = () => new Date(),
): Promise<MeetingBook> {
  const listeners = new Set<(position: string) => void>();
  const stopListening = await db.listen(CHANNEL, (position) => {
    for (const listener of [...listeners]) listener(position);
  });
  const told = (tx: Queryable, meeting: number, seq: number, head: string) =>
    db.notify(CHANNEL, `${meeting}:${seq}:${head}`, tx);

  const read = async (): Promise<MeetingRead> => {
    const meeting = await currentMeeting(db);
    const rows = await entriesOf(db, meeting);
    return { ok: true, meeting, events: eventsOf(rows), head: headOf(rows) };
  };

  const signedRecord = async (): Promise<SignedRecord | ToolRefusal> => {
    const meeting = await currentMeeting(db);
    // One read: the head is signed over exactly the entries given with it.
    const rows = await entriesOf(db, meeting);
    const signed = ENTRIES.sign(rows, signingKey, now());
    return 'ok' in signed ? signed : { meeting, events: eventsOf(rows), ...signed };
  };

  return {
    read,

    async append(asked, author, confirm) {
      try {
        return await db.transaction(async (tx): Promise<EntryWritten | ToolRefusal> => {
          await tx.query('SELECT pg_advisory_xact_lock($1)', [RECORD_LOCK]);
          const judged = await judgeIn(tx, asked, author.person);
          if (!judged.ok) return judged;
          const { meeting, stored, seq, payload } = judged;
          const unconfirmed = confirm ? await confirm(tx, meeting, payload) : null;
          // Thrown: whatever the check itself wrote (a passkey's counter, its ceremony) is undone too.
          if (unconfirmed) throw new RolledBack(unconfirmed);
          const event = {
            seq,
            at: clockAt(now()),
            actor: author.actor,
            person: author.person,
            type: asked.type,
            payload,
          } as MeetingEvent;
          const head = await store(tx, meeting, [event], { seq: seq - 1, head: stored });
          if (typeof head !== 'string') throw new RolledBack(head);
          await told(tx, meeting, event.seq, head);
          return { ok: true, event, head };
        });
      } catch (error) {
        if (error instanceof RolledBack) return error.answer;
        throw error;
      }
    },

    async judge(asked, person) {
      const judged = await judgeIn(db, asked, person);
      return judged.ok ? { ok: true, meeting: judged.meeting, payload: judged.payload } : judged;
    },

    async startOver(pointId, author, bylawsId = DEFAULT_BYLAWS.id) {
      const point = STARTING_POINTS.find((start) => start.id === pointId);
      if (!point)
        return refusal('NO_SUCH_STARTING_POINT', `There is no starting point ${pointId}.`, { point: pointId });
      const bylaws = BYLAWS_BY_ID.get(bylawsId);
      if (!bylaws)
        return refusal(
          'UNKNOWN_BYLAWS',
          `The bench holds no bylaws called "${bylawsId}". Nothing was changed: choose one of the bylaws it holds.`,
          { bylaws: bylawsId, known: BYLAWS_FILES.map((file) => file.id) },
        );
      const events = openedUnder(bylaws, author, prepare(point, [], now()).events, clockAt(now()));
      try {
        return await db.transaction(async (tx): Promise<StartedOver> => {
          await tx.query('SELECT pg_advisory_xact_lock($1)', [RECORD_LOCK]);
          let meeting = await currentMeeting(tx);
          const rows = await entriesOf(tx, meeting);
          // An empty record is not worth an archive: the starting point goes into it.
          if (rows.length > 0) {
            await tx.query(
              'UPDATE bench_meetings SET archived_reason = $2, archived_at = now() WHERE meeting_no = $1',
              [meeting, `loaded "${point.label}"`],
            );
            meeting += 1;
            await tx.query('INSERT INTO bench_meetings (meeting_no) VALUES ($1)', [meeting]);
          }
          const head = await store(tx, meeting, events, { seq: 0, head: GENESIS });
          if (typeof head !== 'string') throw new RolledBack(head);
          await told(tx, meeting, events.length, head);
          return { ok: true, meeting, events, head };
        });
      } catch (error) {
        if (error instanceof RolledBack) return error.answer;
        throw error;
      }
    },

    async archives() {
      const rows = await db.query<{
        meeting_no: number;
        archived_reason: string;
        archived_at: Date | string;
        count: number;
      }>(
        `SELECT m.meeting_no, m.archived_reason, m.archived_at, count(e.seq)::integer AS count
           FROM bench_meetings m JOIN bench_entries e ON e.meeting_no = m.meeting_no
          WHERE m.archived_at IS NOT NULL
          GROUP BY m.meeting_no ORDER BY m.meeting_no`,
      );
      return {
        ok: true,
        archives: rows.map((row) => ({
          id: row.meeting_no,
          reason: row.archived_reason,
          at: new Date(row.archived_at).toISOString(),
          count: row.count,
          kind: 'archived' as const,
        })),
      };
    },

    async archive(id) {
      const [archived] = await db.query<{ meeting_no: number }>(
        'SELECT meeting_no FROM bench_meetings WHERE meeting_no = $1 AND archived_at IS NOT NULL',
        [id],
      );
      if (!archived) return refusal('ARCHIVE_NOT_FOUND', `There is no archived record ${id}.`, { id });
      return { ok: true, events: eventsOf(await entriesOf(db, id)) };
    },

    async head() {
      const record = await signedRecord();
      if ('ok' in record) return record;
      const { meeting, chain, signed } = record;
      return { ok: true, meeting, chain, signed };
    },

    signedRecord,

    feed: {
      subscribe(listener) {
        listeners.add(listener);
        return () => void listeners.delete(listener);
      },
      async position() {
        const { meeting, events, head } = await read();
        return `${meeting}:${events.length}:${head}`;
      },
    },

    async reset() {
      await db.transaction(async (tx) => {
        await tx.query('SELECT pg_advisory_xact_lock($1)', [RECORD_LOCK]);
        await tx.query('DELETE FROM bench_entries');
        await tx.query('DELETE FROM bench_meetings');
        await tx.query('INSERT INTO bench_meetings (meeting_no) VALUES (1)');
        await told(tx, 1, 0, GENESIS);
      });
    },

    close: () => stopListening(),
  };
}

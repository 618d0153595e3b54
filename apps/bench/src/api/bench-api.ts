// The bench's API, declared once: every route its server serves, with its method, path, body
// (type and JSON Schema) and answer (type). The server registers each route from here
// (server/meeting-routes.ts); the page calls each through here (ask-bench.ts), never by a path of
// its own.
import { browserDocument, events, get, postWith } from '@warrant/site-api';
import type * as Answers from './answers.ts';
import * as Inputs from './inputs.ts';

export const BENCH_API = {
  // ── The meeting's record (server/meeting-routes.ts) ──
  meeting: get<Answers.MeetingRead>()('/api/meeting'),
  /** A `changed` event whenever the record changes, from any page or server process. */
  meetingEvents: events('/api/meeting/events'),
  append: postWith<Answers.EntryWritten, Inputs.EntryAsked>()('/api/meeting/entries', {
    schema: Inputs.ENTRY_ASKED_SCHEMA,
    malformed:
      'An entry names the chain head it was decided after (64 hex digits), an act the bench knows, whose hand made it (agent or person) and what it carries. Nothing was recorded.',
  }),
  /** The statement of one of the chair's acts (putting the question, a ruling), for the chair's passkey. */
  chairActOptions: postWith<Answers.ChairActProposed, Inputs.ChairActAsked>()('/api/meeting/chair-acts/options', {
    schema: Inputs.CHAIR_ACT_ASKED_SCHEMA,
    malformed:
      "A chair's act names the chain head it was decided after, the act (put_the_question, record_chair_ruling or declare_result) and what it carries. Nothing was recorded.",
  }),
  /** The chair's act, made with the chair's passkey assertion over its statement. */
  chairAct: postWith<Answers.EntryWritten, Inputs.ChairActConfirmed>()('/api/meeting/chair-acts', {
    schema: Inputs.CHAIR_ACT_CONFIRMED_SCHEMA,
    malformed:
      "A chair's act names the chain head it was decided after, the act, what it carries, and the chair's passkey answer. Nothing was recorded.",
  }),
  /** A member marks themself present, from their own signed-in page. */
  attendance: postWith<Answers.EntryWritten, Inputs.AttendanceAsked>()('/api/meeting/attendance', {
    schema: Inputs.ATTENDANCE_ASKED_SCHEMA,
    malformed:
      'Marking yourself present names no one: the bench marks the person signed in at this page. Nothing was recorded.',
  }),
  /** The statement of a member's vote on the question put now, for the member's passkey. */
  voteOptions: postWith<Answers.VoteProposed, Inputs.VoteAsked>()('/api/meeting/votes/options', {
    schema: Inputs.VOTE_ASKED_SCHEMA,
    malformed:
      'A vote names only its choice (aye, nay or abstain): the question is the one the chair has put, and the voter is you. Nothing was recorded.',
  }),
  /** A member's vote, made with their passkey assertion over its statement. */
  vote: postWith<Answers.EntryWritten, Inputs.VoteConfirmed>()('/api/meeting/votes', {
    schema: Inputs.VOTE_CONFIRMED_SCHEMA,
    malformed: 'A vote names its choice (aye, nay or abstain) and carries your passkey answer. Nothing was recorded.',
  }),
  startOver: postWith<Answers.StartedOver, Inputs.StartOverAsked>()('/api/meeting/start-over', {
    schema: Inputs.START_OVER_ASKED_SCHEMA,
    malformed: 'A new record starts from one of the seeded meeting’s starting points, by its id. Nothing was changed.',
  }),
  head: get<Answers.MeetingHead>()('/api/meeting/head'),
  archives: get<Answers.ArchiveList>()('/api/meeting/archives'),
  archive: get<Answers.ArchivedEntries>()('/api/meeting/archives/:id'),

  // ── The record's files, made from the record as stored (server/record-files.ts) ──
  /** The minutes as Markdown, ending with the signed head over the entries they were drafted from. */
  minutesMarkdown: browserDocument('/api/meeting/minutes.md'),
  /** The same minutes as PDF. */
  minutesPdf: browserDocument('/api/meeting/minutes.pdf'),
  /** The record itself, as JSON entries, which `warrant-ledger verify` checks against a signed head. */
  recordExport: browserDocument('/api/meeting/record.jsonl'),
} as const;

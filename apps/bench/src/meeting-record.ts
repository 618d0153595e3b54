import { GENESIS, openLog, type AppendOnlyLog, type LogOptions } from '@warrant/ledger';
import { refusal } from '@warrant/surface';
import type { MeetingEvent } from './domain/state.ts';
import type { ArchivedMeeting, MeetingRecord } from './meeting.ts';
import { meetingLogFormat, type MeetingDraft } from './meeting-log-format.ts';

// The minute book on disk: Warrant's one append-only log (IndexedDB, hash-chained, compared and
// appended under a lock shared by every tab, told to other tabs as it happens). An entry, once
// stored, is never rewritten; loading a checkpoint archives the record it replaces, whole; a
// stored entry that no longer reads back is set aside into the archive, never discarded.
// Loaded after first paint, with the hash it needs.

export const MEETING_DB = 'warrant-bench-minutes';

type Log = AppendOnlyLog<MeetingDraft, MeetingEvent>;

export type RecordOptions = Partial<Pick<LogOptions<MeetingDraft, MeetingEvent>, 'indexedDB' | 'lock' | 'clock'>> & {
  readonly name?: string;
};

/** Opens the stored record, or says why it cannot be kept in this browser. */
export async function openMeetingRecord(
  options: RecordOptions = {},
): Promise<{ readonly ok: true; readonly record: MeetingRecord } | { readonly ok: false; readonly message: string }> {
  const opened = await openLog<MeetingDraft, MeetingEvent>({
    ...options,
    name: options.name ?? MEETING_DB,
    format: meetingLogFormat(),
  });
  if (!opened.ok) return { ok: false, message: opened.message };
  const setAside = opened.setAside ? opened.setAside.reason : null;
  return { ok: true, record: logRecord(opened.log, setAside) };
}

function logRecord(log: Log, setAsideOnOpen: string | null): MeetingRecord {
  let setAside = setAsideOnOpen;
  const headOf = (entries: readonly { readonly head: string }[]): string => entries.at(-1)?.head ?? GENESIS;
  return {
    async read() {
      const caught = await log.sync();
      if (!caught.ok) return caught;
      const all = await log.read();
      if (!all.ok) return all;
      // Said once: the record set aside on open is in the archive from then on.
      const found = setAside;
      setAside = null;
      return { ok: true, events: all.entries.map((entry) => entry.record), head: headOf(all.entries), setAside: found };
    },
    async append(event, after) {
      const appended = await log.append({ event, after });
      return appended.ok ? { ok: true, head: headOf(appended.entries) } : appended;
    },
    async archive(reason, events) {
      const restarted = await log.archive(
        reason,
        events.map((event) => ({ event, after: null })),
      );
      return restarted.ok ? { ok: true, head: headOf(restarted.entries) } : restarted;
    },
    async archives() {
      const listed = await log.archives();
      if (!listed.ok) return listed;
      return listed.archives.map(({ id, reason, at, count, kind }): ArchivedMeeting => ({
        id,
        reason,
        at,
        count,
        kind,
      }));
    },
    async readArchive(id) {
      const contents = await log.readArchive(id);
      if (!contents.ok) return contents;
      // Set-aside values are whatever could not be read: only entries are shown as entries.
      const events = contents.values.filter(
        (value): value is MeetingEvent =>
          typeof value === 'object' && value !== null && 'type' in value && 'seq' in value,
      );
      if (events.length === 0 && contents.values.length > 0)
        return refusal('ARCHIVE_UNREADABLE', `Archive ${id} holds nothing this bench can read as entries.`, { id });
      return events;
    },
    follow(listener) {
      return log.subscribe(() => listener());
    },
  };
}

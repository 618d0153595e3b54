import { refusal } from '@warrant/surface';
import type { MeetingEvent } from './domain/state.ts';
import type { ArchivedMeeting, MeetingRecord } from './meeting.ts';

// Where the browser will not open storage (a private window that forbids IndexedDB): the record
// lives in this tab, with the same rules (append only, nothing replaced without being archived),
// and is lost on reload, which the page says. No other tab can write here, so none can be stale.

export function tabOnlyRecord(clock: () => Date = () => new Date()): MeetingRecord {
  let events: readonly MeetingEvent[] = [];
  const archived: Array<{ readonly summary: ArchivedMeeting; readonly events: readonly MeetingEvent[] }> = [];
  const head = (): string => String(events.length);
  return {
    read: async () => ({ ok: true, events, head: head(), setAside: null }),
    async append(event, after) {
      if (after !== head() || event.seq !== events.length + 1) {
        return refusal('STALE_TAB', 'This entry does not follow the last one recorded. Nothing was recorded.', {
          seq: event.seq,
        });
      }
      events = [...events, event];
      return { ok: true, head: head() };
    },
    async archive(reason, next) {
      if (events.length > 0) {
        archived.push({
          summary: {
            id: archived.length + 1,
            reason,
            at: clock().toISOString(),
            count: events.length,
            kind: 'archived',
          },
          events,
        });
      }
      events = [...next];
      return { ok: true, head: head() };
    },
    archives: async () => archived.map((entry) => entry.summary),
    async readArchive(id) {
      const found = archived.find((entry) => entry.summary.id === id);
      return found ? found.events : refusal('ARCHIVE_NOT_FOUND', `There is no archive ${id} in this tab.`, { id });
    },
    follow: () => () => undefined,
  };
}

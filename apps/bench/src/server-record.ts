import { refusal } from '@warrant/surface';
import { BENCH_API } from './api/bench-api.ts';
import { askBench } from './api/ask-bench.ts';
import type { ArchivedMeeting, MeetingRecord } from './meeting.ts';

// The minute book on the bench's server: every page of the bench, in any browser, shows this one
// record. An entry is asked for, never written by the page: the server decides it again on the
// record as stored and makes the entry (its number, its time), and this page takes the entry as
// the server made it. A page hears every change over the server's event stream, whoever made it.

export function serverRecord(): MeetingRecord {
  return {
    async read() {
      const read = await askBench(BENCH_API.meeting);
      return read.ok ? { ok: true, events: read.events, head: read.head, setAside: null } : read;
    },
    async append(event, after) {
      const written = await askBench(BENCH_API.append, {
        body: { after, type: event.type, actor: event.actor, payload: event.payload },
      });
      return written.ok ? { ok: true, head: written.head, event: written.event } : written;
    },
    async archive(_reason, _events, point) {
      // The server builds the starting point itself, and says why it archived what it replaced.
      if (point === undefined)
        return refusal(
          'NO_STARTING_POINT',
          'The bench starts a new record only from a starting point. Nothing was changed.',
        );
      const started = await askBench(BENCH_API.startOver, { body: { point } });
      return started.ok ? { ok: true, head: started.head, events: started.events } : started;
    },
    async archives() {
      const listed = await askBench(BENCH_API.archives);
      return listed.ok ? listed.archives.map((archive): ArchivedMeeting => ({ ...archive })) : listed;
    },
    async readArchive(id) {
      const found = await askBench(BENCH_API.archive, { params: { id: String(id) } });
      return found.ok ? found.events : found;
    },
    follow(listener) {
      const stream = new EventSource(BENCH_API.meetingEvents.path);
      stream.addEventListener('changed', () => listener());
      return () => stream.close();
    },
  };
}

import { refusal } from '@warrant/surface';
import { BENCH_API } from './api/bench-api.ts';
import { askBench } from './api/ask-bench.ts';
import type { AskSite } from '@warrant/site-api';
import type { ArchivedMeeting, MeetingRecord } from './meeting.ts';

// The minute book on the bench's server: every page of the bench, in any browser, shows this one
// record. An entry is asked for, never written by the page: the server decides it again on the
// record as stored and makes the entry (its number, its time, who made it: the signed-in person
// whose page this is, in the role the act takes, or an agent on their behalf), and this page takes
// the entry as the server made it. A page with nobody signed in reads the record and changes nothing. A page hears every change over the server's event stream, whoever made it.

/** How a page hears of changes: `listener` on every `changed` event of the stream at `path`; answers the stop. */
export type Follow = (path: string, listener: () => void) => () => void;

/** The browser's EventSource, from the page's own origin. */
const OVER_EVENT_SOURCE: Follow = (path, listener) => {
  const stream = new EventSource(path);
  stream.addEventListener('changed', () => listener());
  return () => stream.close();
};

/** The record as the server keeps it, asked for over `ask` and followed over `follow` (a Node test's page uses others). */
export function serverRecord(ask: AskSite = askBench, follow: Follow = OVER_EVENT_SOURCE): MeetingRecord {
  return {
    async read() {
      const read = await ask(BENCH_API.meeting);
      return read.ok ? { ok: true, events: read.events, head: read.head, setAside: null } : read;
    },
    async append(event, after) {
      const written = await ask(BENCH_API.append, {
        // Whose hand it was, as this page knows it; who it is recorded as is the server's to say.
        body: { after, type: event.type, by: event.actor === 'agent' ? 'agent' : 'person', payload: event.payload },
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
      const started = await ask(BENCH_API.startOver, { body: { point } });
      return started.ok ? { ok: true, head: started.head, events: started.events } : started;
    },
    async archives() {
      const listed = await ask(BENCH_API.archives);
      return listed.ok ? listed.archives.map((archive): ArchivedMeeting => ({ ...archive })) : listed;
    },
    async readArchive(id) {
      const found = await ask(BENCH_API.archive, { params: { id: String(id) } });
      return found.ok ? found.events : found;
    },
    follow: (listener) => follow(BENCH_API.meetingEvents.path, listener),
  };
}

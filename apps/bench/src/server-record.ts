import { refusal, type ToolResult } from '@warrant/surface';
import { confirmWithPasskey } from '@warrant/ui';
import { BENCH_API } from './api/bench-api.ts';
import { askBench } from './api/ask-bench.ts';
import type { ChairActAsked, ChairActConfirmed } from './api/inputs.ts';
import type { AskSite, SiteAnswer } from '@warrant/site-api';
import { isChairAct } from './domain/chair-acts.ts';
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

/**
 * One of the chair's acts, made the only way the server takes it: the server writes the act's
 * statement, this browser's passkey answers it (the chair's, if the chair is the one here), and the
 * server checks the answer as it records the act. The page only carries the ceremony.
 */
async function byTheChairsPasskey(ask: AskSite, act: ChairActAsked): Promise<SiteAnswer<typeof BENCH_API.chairAct>> {
  const answered = await confirmWithPasskey(
    async (path, body) =>
      (path === BENCH_API.chairActOptions.path
        ? await ask(BENCH_API.chairActOptions, { body: body as ChairActAsked })
        : await ask(BENCH_API.chairAct, { body: body as ChairActConfirmed })) as unknown as ToolResult,
    BENCH_API.chairAct.path,
    { ...act },
  );
  // What the ceremony answers is the last call's: the act as recorded, or a refusal.
  return answered as unknown as SiteAnswer<typeof BENCH_API.chairAct>;
}

/** The record as the server keeps it, asked for over `ask` and followed over `follow` (a Node test's page uses others). */
export function serverRecord(ask: AskSite = askBench, follow: Follow = OVER_EVENT_SOURCE): MeetingRecord {
  return {
    async read() {
      const read = await ask(BENCH_API.meeting);
      return read.ok ? { ok: true, events: read.events, head: read.head, setAside: null } : read;
    },
    async append(event, after) {
      if (isChairAct(event.type)) {
        const made = await byTheChairsPasskey(ask, { after, type: event.type, payload: event.payload });
        return made.ok ? { ok: true, head: made.head, event: made.event } : made;
      }
      const written = await ask(BENCH_API.append, {
        // Whose hand it was, as this page knows it; who it is recorded as is the server's to say.
        body: { after, type: event.type, by: event.actor === 'agent' ? 'agent' : 'person', payload: event.payload },
      });
      return written.ok ? { ok: true, head: written.head, event: written.event } : written;
    },
    async archive(_reason, _events, point, bylaws) {
      // The server builds the starting point itself, and says why it archived what it replaced.
      if (point === undefined)
        return refusal(
          'NO_STARTING_POINT',
          'The bench starts a new record only from a starting point. Nothing was changed.',
        );
      const started = await ask(BENCH_API.startOver, { body: bylaws === undefined ? { point } : { point, bylaws } });
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

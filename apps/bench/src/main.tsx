import '@warrant/ui/tokens.css';
import './styles.css';
import { computed, signal } from '@preact/signals';
import { render } from 'preact';
import type { CallRecord, ToolResult } from '@warrant/surface';
import { bootSurface } from '@warrant/ui';
import { App, type BenchView } from './components/app.tsx';
import { CHECKPOINTS } from './domain/checkpoints.ts';
import { createMeeting, type MeetingRecord, type Written } from './meeting.ts';
import { benchRows, words, type BenchState } from './surface-rows.ts';

// Boot: the surface is mounted the moment WebMCP is found, so the always-on reads are registered
// before the page's load event (native) or as soon as the polyfill is in (polyfill); the minute
// book opens from IndexedDB behind it, and the gated acts follow the record once it is read.

const meeting = createMeeting();
const state = computed<BenchState>(() => (meeting.opened.value ? meeting.state.value : null));
const lastCall = signal<CallRecord | null>(null);
const notice = signal<string | null>(null);
const archived = signal(0);

const page = bootSurface<BenchState>({
  rows: benchRows(meeting),
  state,
  document,
  onCall: (call) => {
    lastCall.value = call;
  },
});

async function openRecord(): Promise<void> {
  const opened = await import('./meeting-record.ts')
    .then(({ openMeetingRecord }) => openMeetingRecord())
    .catch((error: unknown) => ({ ok: false as const, message: error instanceof Error ? error.message : String(error) }));
  if (opened.ok) return meeting.open(opened.record);
  const { tabOnlyRecord } = await import('./tab-only-record.ts');
  const record: MeetingRecord = tabOnlyRecord();
  return meeting.open(record, `This browser would not open storage (${opened.message}): the record lives in this tab only and is lost on reload.`);
}

const countArchives = async (): Promise<void> => {
  const listed = await meeting.archives();
  archived.value = 'ok' in listed ? 0 : listed.length;
};

const explain = (result: Written | ToolResult): void => {
  notice.value = result.ok ? null : result.message;
};

const view: BenchView = {
  page,
  meeting,
  lastCall,
  archived,
  notice: computed(() => notice.value ?? meeting.notice.value),
  loadCheckpoint(name) {
    // The seeded record is loaded only when a checkpoint is asked for.
    void import('./domain/seed.ts')
      .then(({ SEED }) => meeting.startOver(SEED.slice(0, CHECKPOINTS[name]), `loaded checkpoint ${name}`))
      .then(async (written) => {
        explain(written);
        await countArchives();
      });
  },
  async act(done) {
    if (done instanceof Promise) return explain(await done);
    explain(done.ok ? await done.written : done);
  },
  async runTool(name, input, signal) {
    // Only the runner calls this; its wording loads with it.
    const { describeExecution } = await import('./describe-execution.ts');
    const webmcp = page.connection.value?.webmcp;
    const surface = page.mount.value?.surface;
    if (webmcp) return describeExecution(await webmcp.executeTool(name, input, { signal }));
    if (surface) return describeExecution(await surface.callAsHuman(name, input, signal));
    return 'The page is still connecting; try again in a moment.';
  },
};

const root = document.getElementById('app') as HTMLElement;
root.replaceChildren();
render(<App view={view} />, root);

await openRecord();
await countArchives();
// The words every answer is given in, before any call can need them.
await words();
const mounted = await page.ready;
await mounted?.surface.reconcile();
document.body.dataset['ready'] = 'true';

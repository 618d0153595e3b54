import '@warrant/ui/tokens.css';
import './styles.css';
import { signal } from '@preact/signals';
import { render } from 'preact';
import { createSurface, type CallRecord, type ChangeRecord } from '@warrant/surface';
import { registeredTools } from '@warrant/ui';
import { connect } from '@warrant/webmcp';
import { App, type BenchView } from './components/app.tsx';
import { CHECKPOINTS } from './domain/checkpoints.ts';
import type { MeetingState } from './domain/state.ts';
import { createMeeting } from './meeting.ts';
import { memoryMeetingLog, openMeetingLog, type MeetingLogStore } from './meeting-log-store.ts';
import { benchRows } from './surface-rows.ts';

// Boot: find WebMCP (native, polyfill, or none), reopen the minute book from IndexedDB, fold it,
// and let the kernel register exactly what the rules put in order.

const notice = signal<string | null>(null);
const openStore = openMeetingLog().catch((error: unknown): MeetingLogStore => {
  notice.value = `This browser would not open storage (${String(error)}): the record lives in this tab only and is lost on reload.`;
  return memoryMeetingLog();
});
const [connection, store] = await Promise.all([connect(), openStore]);
const loaded = await store.load();
notice.value ??= loaded.notice;
const meeting = createMeeting(store, loaded.events);
const lastChange = signal<ChangeRecord | null>(null);
const changeCount = signal(0);
const lastCall = signal<CallRecord | null>(null);
const archived = signal(await store.archivedCount());

const surface = createSurface<MeetingState>({
  rows: benchRows(meeting),
  state: () => meeting.state.value,
  webmcp: connection.webmcp,
  document,
  onChange: (change) => {
    if (change.added.length === 0 && change.removed.length === 0) return;
    changeCount.value += 1;
    lastChange.value = change;
  },
  onCall: (call) => {
    lastCall.value = call;
  },
});
meeting.onChange(() => surface.update());
const { tools, refresh } = registeredTools(connection.webmcp);

const view: BenchView = {
  connection,
  meeting,
  surface,
  tools,
  lastChange,
  changeCount,
  lastCall,
  archived,
  notice,
  loadCheckpoint(name) {
    // The seeded record is loaded only when a checkpoint is asked for.
    void import('./domain/seed.ts')
      .then(({ SEED }) => meeting.startOver(SEED.slice(0, CHECKPOINTS[name]), `loaded checkpoint ${name}`))
      .then(async () => {
        archived.value = await store.archivedCount();
      })
      .catch((error: unknown) => {
        notice.value = `The checkpoint was not loaded: ${error instanceof Error ? error.message : String(error)}`;
      });
  },
  async act(done) {
    try {
      const result = await done;
      notice.value = result.ok ? null : (result.message ?? 'The act was refused.');
    } catch (error) {
      notice.value = error instanceof Error ? error.message : String(error);
    }
  },
  async runTool(name, input, signal) {
    // Only the runner calls this; its wording loads with it.
    const { describeExecution } = await import('./describe-execution.ts');
    if (!connection.webmcp) return describeExecution(await surface.callAsHuman(name, input, signal));
    return describeExecution(await connection.webmcp.executeTool(name, input, { signal }));
  },
};

const root = document.getElementById('app') as HTMLElement;
root.replaceChildren();
render(<App view={view} />, root);
await surface.reconcile();
await refresh();
document.body.dataset['ready'] = 'true';

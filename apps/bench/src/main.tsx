import '@warrant/ui/tokens.css';
import './styles.css';
import { computed, signal } from '@preact/signals';
import { render } from 'preact';
import type { DecisionChannelSnapshot } from '@warrant/authority';
import { validateInput, type CallRecord, type ToolResult } from '@warrant/surface';
import { bootSurface } from '@warrant/ui';
import { App, type BenchView } from './components/app.tsx';
import type { RulingProposal } from './components/ruling-proposal.tsx';
import type { StartingPoint } from './domain/checkpoints.ts';
import { DEFAULT_BYLAWS } from './domain/bylaws/registry.ts';
import type * as Minutes from './domain/minutes.ts';
import { GATED_ROWS } from './domain/rulebook.ts';
import type { MeetingEvent } from './domain/state.ts';
import { followDraft } from './draft-source.ts';
import { createMeeting, type Written } from './meeting.ts';
import type { RulingChannel, RulingRequest } from './ruling-channel.ts';
import { benchRows, loadActs, type BenchState } from './surface-rows.ts';

// Boot: the surface is mounted the moment WebMCP is found, so the always-on reads are registered
// before the page's load event (native) or as soon as the polyfill is in (polyfill); the minute
// book is read from the bench's server behind it, and the gated acts follow the record once it is
// read, and every change to it from then on, whoever made it.

// What the acts in order at load need, asked for at once as the page starts: the record (with its
// hash), the acts, and (by the meeting itself) the fold that reads the record. Asked for one after
// another, they were three round trips after the load event, and an agent that lists the tools at
// load missed the gated acts.
const recordModule = import('./server-record.ts');
const actsModule = loadActs();

const meeting = createMeeting();
const actsLoaded = signal(false);
const state = computed<BenchState>(() => (meeting.opened.value && actsLoaded.value ? meeting.state.value : null));
const lastCall = signal<CallRecord | null>(null);
const notice = signal<string | null>(null);
const archived = signal(0);
const wording = signal<typeof Minutes | null>(null);
const asking = signal<{
  readonly point: StartingPoint;
  readonly entries: number;
  readonly events: readonly MeetingEvent[];
} | null>(null);

// The two forms an agent fills, by the tool each declares.
const FORMS: Readonly<Record<string, string>> = { record_vote_tally: 'vote-tally', enter_motion_text: 'motion-entry' };
const resetForm = (name: string): void => {
  const form = document.getElementById(FORMS[name] ?? '');
  // After the answer has gone out: a reset while the agent's call is open would cancel it.
  if (form instanceof HTMLFormElement) setTimeout(() => form.reset(), 0);
};

const motionDraft = followDraft(document, FORMS['enter_motion_text'] ?? '');

// The chair's side of a proposed ruling (the channel and its panel) loads with the first proposal.
const ruling = signal<DecisionChannelSnapshot<RulingRequest> | null>(null);
const proposalPanel = signal<{ readonly component: typeof RulingProposal } | null>(null);
let rulingChannel: Promise<RulingChannel> | null = null;
const rulings = (): Promise<RulingChannel> =>
  (rulingChannel ??= Promise.all([import('./ruling-channel.ts'), import('./components/ruling-proposal.tsx')]).then(
    ([{ createRulingChannel }, panel]) => {
      proposalPanel.value = { component: panel.RulingProposal };
      const created = createRulingChannel(meeting);
      ruling.value = created.channel.snapshot();
      created.channel.subscribe((snapshot) => {
        ruling.value = snapshot;
      });
      return created;
    },
  ));

const page = bootSurface<BenchState>({
  rows: benchRows(meeting, motionDraft, (proposed, call) =>
    rulings().then((channel) => channel.propose(proposed, call)),
  ),
  state,
  document,
  onCall: (call) => {
    lastCall.value = call;
    // Whatever an agent's call left in a form is cleared, refused or not, so that nothing it sent
    // can be submitted again as part of another call.
    if (call.caller === 'agent') resetForm(call.name);
  },
});
// A new putting starts a clean tally: no count from an earlier vote stands in the form.
meeting.onDecided((event) => {
  if (event.type === 'put_the_question') resetForm('record_vote_tally');
});

/** The meeting's record is its server's: this page reads it, asks for acts, and follows it live. */
async function openRecord(): Promise<void> {
  const { serverRecord } = await recordModule;
  return meeting.open(serverRecord());
}

const countArchives = async (): Promise<void> => {
  const listed = await meeting.archives();
  archived.value = 'ok' in listed ? 0 : listed.length;
};

const explain = (result: Written | ToolResult): void => {
  notice.value = result.ok ? null : result.message;
};

const replaceWith = async (point: StartingPoint, events: readonly MeetingEvent[]): Promise<void> => {
  asking.value = null;
  explain(await meeting.startOver(events, `loaded "${point.label}"`, point.id, view.bylaws.peek()));
  await countArchives();
};

const view: BenchView = {
  page,
  meeting,
  motionDraft,
  words: wording,
  ruling,
  proposalPanel,
  confirmRuling: (id) =>
    void rulings()
      .then((channel) => channel.confirm(id))
      .then(explain),
  rejectRuling: (id) => void rulings().then((channel) => channel.reject(id)),
  lastCall,
  signedIn: signal<boolean | null>(null),
  me: signal(null),
  markPresent: () => void view.act(import('./own-acts.ts').then(({ markPresent }) => markPresent())),
  vote: (choice) => void view.act(import('./own-acts.ts').then(({ castVote }) => castVote(choice))),
  archived,
  asking,
  bylaws: signal(DEFAULT_BYLAWS.id),
  notice: computed(() => notice.value ?? meeting.notice.value),
  loadCheckpoint(point) {
    // The seeded record loads only when a starting point is asked for.
    void import('./checkpoint-loader.ts').then(async ({ prepare }) => {
      const { events, own } = prepare(point, meeting.events.peek());
      if (own > 0) asking.value = { point, entries: own, events };
      else await replaceWith(point, events);
    });
  },
  confirmCheckpoint() {
    const waiting = asking.peek();
    if (waiting) void replaceWith(waiting.point, waiting.events);
  },
  cancelCheckpoint() {
    asking.value = null;
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

await Promise.all([
  openRecord(),
  actsModule.then((acts) => {
    wording.value = acts.minutes;
    actsLoaded.value = true;
  }),
]);
await countArchives();
// The schema validator, loaded before any call can need it: a tally is answered in the task its
// call arrives in, and must not wait for a download.
await Promise.all(
  GATED_ROWS.filter((row) => row.kind === 'declarative').map((row) => validateInput(row.name, row.inputSchema, {})),
);
const mounted = await page.ready;
await mounted?.surface.reconcile();
document.body.dataset['ready'] = 'true';

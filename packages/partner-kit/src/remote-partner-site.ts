// A partner site as its page holds it: the record is on the site's server, which decides every
// change; the page folds what the server holds (with the same fold the server uses) and hears
// every change live over Server-Sent Events. A write from an agent on this page, or from the desk
// through this page's tools, is forwarded to the server and answered with the server's answer.
import { signal, type Signal } from '@preact/signals';
import type { OutcomeUnknownCode } from '@warrant/broker';
import { refusal, type ToolResult } from '@warrant/surface';
import type { PartnerDefinition } from './definition.ts';
import type { DeskAuditRecord } from './desk-audit-record.ts';
import type { DoorRefusal } from './door-refusal.ts';
import type { PartnerSite } from './partner-site.ts';
import { foldBook, type PartnerState } from './partner-state.ts';
import type { WriteCall } from './serve-write.ts';
import { readAgainWhenAsked } from './read-again.ts';
import { isoDay } from './week.ts';
import { confirmWithPasskey } from '@warrant/ui';

interface RecordAnswer {
  readonly ok: true;
  readonly position: string;
  readonly entries: readonly unknown[];
  readonly closedBooks: number;
  readonly notice: string | null;
  readonly refusals: readonly DoorRefusal[];
  readonly deskAudits: readonly DeskAuditRecord[];
}

export interface RemotePartnerSite<D> extends PartnerSite<D> {
  /** Writes the site's server refused at its door, newest first. */
  readonly refusals: Signal<readonly DoorRefusal[]>;
  /** This site's checks of the desk's record, newest first. */
  readonly deskAudits: Signal<readonly DeskAuditRecord[]>;
  /** Asks the site's server to check the desk's record now; the outcome arrives in deskAudits. */
  checkDesk(): Promise<void>;
  /** Whether the page can reach its server; a plain sentence when it cannot. */
  readonly unreachable: Signal<string | null>;
  /** "Reset this site's data" with the signed-in staff member's passkey: the server's answer. */
  resetData(): Promise<ToolResult>;
  /** POSTs JSON to this site's server and answers its answer (the staff bar's enrolment, sign-in, invitations). */
  post(path: string, body: unknown): Promise<ToolResult>;
}

const UNREACHABLE =
  "This site's server cannot be reached right now, so nothing can be changed here. The page will catch up when it is back.";

export async function openRemotePartnerSite<D, E>(
  definition: PartnerDefinition<D, E>,
  options: { readonly now?: () => Date } = {},
): Promise<RemotePartnerSite<D>> {
  const now = options.now ?? (() => new Date());
  let position = '';

  async function fetchRecord(): Promise<RecordAnswer> {
    const response = await fetch('/api/record', { cache: 'no-store' });
    if (!response.ok) throw new Error(`the server answered ${response.status}`);
    return (await response.json()) as RecordAnswer;
  }

  function folded(answer: RecordAnswer): PartnerState<D> {
    const state = foldBook<D, E>(answer.entries, definition, isoDay(now()));
    if (!state) throw new Error("the site's record could not be read");
    return state;
  }

  const first = await fetchRecord();
  position = first.position;
  const state = signal<PartnerState<D>>(folded(first));
  const notice = signal<string | null>(first.notice);
  const closedBooks = signal(first.closedBooks);
  const refusals = signal<readonly DoorRefusal[]>(first.refusals);
  const deskAudits = signal<readonly DeskAuditRecord[]>(first.deskAudits);
  const unreachable = signal<string | null>(null);

  // A change heard while a read is under way is read again after it (that read may have left
  // before the change landed).
  const refresh = readAgainWhenAsked(async () => {
    try {
      const answer = await fetchRecord();
      unreachable.value = null;
      refusals.value = answer.refusals;
      deskAudits.value = answer.deskAudits;
      closedBooks.value = answer.closedBooks;
      notice.value = answer.notice;
      if (answer.position !== position || state.peek().today !== isoDay(now())) {
        position = answer.position;
        state.value = folded(answer);
      }
    } catch {
      unreachable.value = UNREACHABLE;
    }
  });

  async function post(path: string, body: unknown, abort?: AbortSignal, changes = true): Promise<ToolResult> {
    let answer: ToolResult;
    try {
      const response = await fetch(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        ...(abort ? { signal: abort } : {}),
      });
      answer = (await response.json()) as ToolResult;
    } catch (error) {
      if (abort?.aborted)
        return refusal<OutcomeUnknownCode>(
          'ABORTED',
          'The call was cancelled before the site answered. If it reached the site, asking again with the same idempotency key answers what happened.',
          {},
        );
      unreachable.value = UNREACHABLE;
      return refusal<OutcomeUnknownCode>(
        'PARTNER_UNREACHABLE',
        `${definition.organisation}'s server could not be reached (${error instanceof Error ? error.message : String(error)}). ${changes ? 'Nothing is known to have changed; ask again with the same idempotency key.' : 'Nothing was read; ask again when it is back.'}`,
        {},
      );
    }
    // The answer is the server's; after a change the page's copy catches up before the caller
    // hears it, so the tools registered next are those of the state the change left.
    if (changes) await refresh();
    return answer;
  }

  const events = typeof EventSource === 'function' ? new EventSource('/api/events') : null;
  events?.addEventListener('changed', (event) => {
    if ((event as MessageEvent<string>).data !== position) void refresh();
  });
  events?.addEventListener('error', () => void refresh());
  // The stream is back after its server was away: the page reads the record again, and says the server is reachable.
  events?.addEventListener('open', () => {
    if (unreachable.peek() !== null) void refresh();
  });

  return {
    state,
    notice,
    closedBooks,
    refusals,
    deskAudits,
    checkDesk: async () => {
      await post('/api/desk-audit', {});
    },
    unreachable,
    // A read is answered by the site's server, signed: what the desk records of it is the server's word.
    read: (tool, input) => post(`/api/reads/${encodeURIComponent(tool)}`, { input }, undefined, false),
    write: ({ tool, input, caller, channel, signal: abort }: WriteCall) =>
      post(`/api/writes/${encodeURIComponent(tool)}`, { input, caller, channel }, abort),
    // A change of the week's stock takes the staff member's passkey over it; other acts their session.
    staff: (act, input) =>
      definition.staff.some((known) => known.name === act && known.changesStock)
        ? confirmWithPasskey(post, `/api/staff/${encodeURIComponent(act)}`, { input })
        : post(`/api/staff/${encodeURIComponent(act)}`, { input }),
    reset: async () => {
      await confirmWithPasskey(post, '/api/reset', {});
    },
    resetData: () => confirmWithPasskey(post, '/api/reset', {}),
    post: (path, body) => post(path, body),
    catchUp: refresh,
    dispose() {
      events?.close();
    },
  };
}

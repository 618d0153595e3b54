// A partner site at run time: its state as a signal, folded from the current book of its log.
// One change at a time, across the origin's tabs and frames (the log's exclusive section), each
// after catching up with the log. Writes go through the pipeline in serve-write.ts, loaded with the first write;
// staff acts and the reset are here.
import { batch, signal, type ReadonlySignal } from '@preact/signals';
import { refusal, type ToolResult } from '@warrant/surface';
import { newBook } from './book.ts';
import type { PartnerDefinition } from './definition.ts';
import type { Receipt, SeededEntry, StaffEntry, WriteEntry } from './log-entry.ts';
import { foldBook, openBook, step, type PartnerState } from './partner-state.ts';
import type { WriteCall } from './serve-write.ts';
import type { SiteLog } from './site-log.ts';
import { isoDay, seedCalendar } from './week.ts';

export interface PartnerSiteOptions {
  readonly log: SiteLog;
  readonly now?: () => Date;
  /** Fills bytes with randomness, for new book tags. */
  readonly random?: (bytes: Uint8Array) => Uint8Array;
  /** A notice to show from the start (e.g. that this browser keeps nothing, or what was set aside). */
  readonly notice?: string | null;
  /** Signs receipts: the site's server passes its key's signer; a page never holds one. */
  readonly sign?: (receipt: Omit<Receipt, 'signature'>) => string;
}

export interface PartnerSite<D> {
  readonly state: ReadonlySignal<PartnerState<D>>;
  /** Something the site's people should know about its record (set aside, not saved), or null. */
  readonly notice: ReadonlySignal<string | null>;
  /** Earlier books kept in the archive: one per reset or set-aside record. */
  readonly closedBooks: ReadonlySignal<number>;
  /** Answers a read tool from the site's record as it is now (the site's server signs what it answers). */
  read(tool: string, input: Readonly<Record<string, unknown>>): Promise<ToolResult>;
  /** Serves a write tool; the input has passed the tool's schema. */
  write(call: WriteCall): Promise<ToolResult>;
  /** A staff member's change from the page; `by` is the staff member the server knows made it. */
  staff(act: string, input: Readonly<Record<string, unknown>>, by?: string): Promise<ToolResult>;
  /**
   * "Reset this site's data": closes the current book into the archive and seeds a new week from
   * today. `by` says who (a staff member's id, or the operator), in the new book's reason.
   */
  reset(by?: string): Promise<void>;
  /** Reads the log again if it moved on elsewhere, and moves `today` on. */
  catchUp(): Promise<void>;
  dispose(): void;
}

const SET_ASIDE =
  "This site's saved record could not be read. It is kept, untouched, in this browser's archive, and the site was seeded afresh.";

const pipeline = () => import('./serve-write.ts');

export async function openPartnerSite<D, E>(
  definition: PartnerDefinition<D, E>,
  options: PartnerSiteOptions,
): Promise<PartnerSite<D>> {
  const { log } = options;
  const now = options.now ?? (() => new Date());
  const exclusive = <T>(task: () => Promise<T>): Promise<T> => log.exclusive(task);
  const today = (): string => isoDay(now());
  const reads = new Map(definition.reads.map((spec) => [spec.name, spec]));
  const writes = new Map(definition.writes.map((spec) => [spec.name, spec]));
  const acts = new Map(definition.staff.map((act) => [act.name, act]));
  const notice = signal<string | null>(options.notice ?? null);
  const closedBooks = signal(0);
  // The log's position this tab's state was folded to.
  let known = '';

  /** Opens a new book: the first entry of an empty log, or a restart that archives the current one. */
  async function seed(reason: string, empty: boolean): Promise<PartnerState<D>> {
    const firstDay = today();
    const domain = await definition.seed(seedCalendar(firstDay));
    const entry: SeededEntry = {
      seq: 1,
      at: now().toISOString(),
      kind: 'seeded',
      book: newBook(options.random),
      firstDay,
      reason,
      domain,
    };
    known = empty ? await log.append(entry) : await log.restart(reason, entry);
    closedBooks.value = await log.closedBooks();
    return openBook<D>(entry, firstDay);
  }

  /** The current book as stored, folded; one that does not fold is archived and a new week seeded. */
  async function load(): Promise<PartnerState<D>> {
    const { entries, position } = await log.read();
    known = position;
    const folded = foldBook(entries, definition, today());
    if (folded) return folded;
    if (entries.length > 0) notice.value = SET_ASIDE;
    return seed(entries.length > 0 ? 'the saved record could not be read' : 'first opened', entries.length === 0);
  }

  const state = signal<PartnerState<D>>(await exclusive(load));
  closedBooks.value = await log.closedBooks();

  /** Inside `exclusive`: brings the state level with the log and with today's date. */
  async function sync(): Promise<PartnerState<D>> {
    if ((await log.position()) !== known) {
      const loaded = await load();
      const closed = await log.closedBooks();
      // Both at once: a page (or a test) that sees the new book sees its count of closed books too.
      batch(() => {
        state.value = loaded;
        closedBooks.value = closed;
      });
    } else if (state.peek().today !== today()) {
      state.value = { ...state.peek(), today: today() };
    }
    return state.peek();
  }

  async function commit(entry: WriteEntry<E> | StaffEntry<E>): Promise<string | null> {
    try {
      known = await log.append(entry);
    } catch (error) {
      // The log did not take it: nothing changed. Catch up in case another tab wrote first.
      state.value = await load();
      return error instanceof Error ? error.message : String(error);
    }
    state.value = step(state.peek(), entry, definition);
    return null;
  }

  async function act(name: string, input: Readonly<Record<string, unknown>>, by?: string): Promise<ToolResult> {
    const staffAct = acts.get(name);
    if (!staffAct)
      return refusal('UNKNOWN_ACT', `This site has no staff action named ${name}. Nothing was changed.`, { act: name });
    const current = await sync();
    const decision = staffAct.apply(current, input as never);
    if (!decision.ok) return decision;
    const entry: StaffEntry<E> = {
      seq: current.seq + 1,
      at: now().toISOString(),
      kind: 'staff',
      act: name,
      ...(by === undefined ? {} : { by }),
      summary: decision.summary,
      event: decision.event,
    };
    const failed = await commit(entry);
    if (failed)
      return refusal('NOT_RECORDED', `That change could not be recorded (${failed}). Nothing was changed; try again.`, {
        act: name,
      });
    return { ok: true, summary: decision.summary };
  }

  const stopWatching = log.watch(() => void exclusive(sync));

  return {
    state,
    notice,
    closedBooks,
    write: (call) =>
      exclusive(async () =>
        (await pipeline()).serveWrite(
          { writes, sync, commit, current: () => state.peek(), now, ...(options.sign ? { sign: options.sign } : {}) },
          call,
        ),
      ),
    async read(tool, input) {
      const spec = reads.get(tool);
      if (!spec) return refusal('UNKNOWN_TOOL', `This site has no read named ${tool}. Nothing was read.`, { tool });
      return spec.answer(await exclusive(sync), input as never);
    },
    staff: (name, input, by) => exclusive(() => act(name, input, by)),
    reset: (by) =>
      exclusive(async () => {
        await sync();
        state.value = await seed(by === undefined ? 'reset by staff' : `reset by ${by}`, false);
        notice.value = options.notice ?? null;
      }),
    catchUp: () => exclusive(async () => void (await sync())),
    dispose() {
      stopWatching();
    },
  };
}

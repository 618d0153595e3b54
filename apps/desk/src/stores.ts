// Opens the desk's two stores: the ledger, and the log of desk events its state is folded from.
// A store that will not open leaves the desk unable to keep its record, so it does not act.
import { jsonLogFormat, openLedgerStore, openLog, type AppendOnlyLog, type LedgerStore, type SetAside } from '@warrant/ledger';
import type { DeskEvent } from './domain/desk-events.ts';
import { deskEventProblem } from './domain/desk-event-check.ts';

const DESK_STATE_DB = 'warrant-desk-state';

export interface DeskStores {
  readonly ledger: LedgerStore;
  readonly log: AppendOnlyLog<DeskEvent, DeskEvent>;
  readonly events: readonly DeskEvent[];
  /** Said to the person when stored records did not read back and were set aside. */
  readonly notice: string | null;
}

export type OpenedStores = { readonly ok: true; readonly stores: DeskStores } | { readonly ok: false; readonly reason: string };

function setAsideNotice(what: string, setAside: SetAside | null): string | null {
  return setAside ? `Part of the ${what} could not be read back (${setAside.reason}); ${setAside.archive.count} records were set aside in this browser, untouched.` : null;
}

export async function openDeskStores(options: { readonly indexedDB?: IDBFactory } = {}): Promise<OpenedStores> {
  const [ledger, log] = await Promise.all([
    openLedgerStore(options.indexedDB ? { indexedDB: options.indexedDB } : {}),
    openLog<DeskEvent, DeskEvent>({ name: DESK_STATE_DB, format: jsonLogFormat<DeskEvent>(deskEventProblem), ...(options.indexedDB ? { indexedDB: options.indexedDB } : {}) }),
  ]);
  if (!ledger.ok || !log.ok) {
    if (ledger.ok) ledger.ledger.close();
    if (log.ok) log.log.close();
    return { ok: false, reason: (ledger.ok ? null : ledger.message) ?? (log.ok ? '' : log.message) };
  }
  const notice = [setAsideNotice('ledger', ledger.setAside), setAsideNotice("desk's saved state", log.setAside)].filter(Boolean).join(' ') || null;
  return { ok: true, stores: { ledger: ledger.ledger, log: log.log, events: log.entries.map((entry) => entry.record), notice } };
}

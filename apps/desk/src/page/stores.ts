// Opens the desk's two records: the ledger, and the log of desk events its state is folded from.
// Both are kept by the desk's server (./server-log.ts): the browser, which the agent holds, keeps
// no copy that counts. A record that cannot be read leaves the desk unable to keep it, so it does
// not act.
import {
  deskLedger,
  jsonLogFormat,
  ledgerStoreOver,
  type AppendOnlyLog,
  type DeskLedgerSchema,
  type LedgerStore,
} from '@warrant/ledger';
import type { DeskEvent } from '../domain/desk-events.ts';
import { deskEventProblem } from '../domain/desk-event-check.ts';
import { openServerLog } from './server-log.ts';

export interface DeskStores {
  readonly ledger: LedgerStore<DeskLedgerSchema>;
  readonly log: AppendOnlyLog<DeskEvent, DeskEvent>;
  readonly events: readonly DeskEvent[];
  /** Said to the person when something about the record needs saying as it opens. */
  readonly notice: string | null;
}

export type OpenedStores =
  { readonly ok: true; readonly stores: DeskStores } | { readonly ok: false; readonly reason: string };

export async function openDeskStores(): Promise<OpenedStores> {
  const [ledger, log] = await Promise.all([
    openServerLog({ name: 'ledger', format: deskLedger.logFormat(() => new Date()), appendAfterOthers: true }),
    openServerLog<DeskEvent, DeskEvent>({ name: 'state', format: jsonLogFormat<DeskEvent>(deskEventProblem) }),
  ]);
  if (!ledger.ok || !log.ok) {
    if (ledger.ok) ledger.log.close();
    if (log.ok) log.log.close();
    return { ok: false, reason: (ledger.ok ? null : ledger.message) ?? (log.ok ? '' : log.message) };
  }
  return {
    ok: true,
    stores: {
      ledger: ledgerStoreOver(deskLedger, ledger.log, ledger.entries),
      log: log.log,
      events: log.entries.map((entry) => entry.record),
      notice: null,
    },
  };
}

// What the desk needs from its two stores: the ledger (@warrant/ledger's ledger store) and its
// own event log (an append-only log of desk events). Stated by what the desk calls, so the
// stores stay @warrant/ledger's.
import type { LedgerDraft, LedgerRow } from '@warrant/ledger';
import type { ToolRefusal } from '@warrant/surface';
import type { DeskEvent } from '../domain/desk-events.ts';

export interface DeskLedger {
  /** Every row this tab holds, in seq order. */
  rows(): readonly LedgerRow[];
  /** Resolves once the row is durable (or with why it was not written). */
  append(draft: LedgerDraft): Promise<{ readonly ok: true; readonly row: LedgerRow } | ToolRefusal>;
  /** Resolves once every row is durable, in order, all or none (or with why none was written). */
  appendAll(
    drafts: readonly LedgerDraft[],
  ): Promise<{ readonly ok: true; readonly rows: readonly LedgerRow[] } | ToolRefusal>;
}

export interface DeskLog {
  /** What other pages added since this page last looked (the records after what it holds). */
  sync(): Promise<
    | {
        readonly ok: true;
        readonly restarted: boolean;
        readonly entries: readonly { readonly record: DeskEvent }[];
      }
    | ToolRefusal
  >;
  append(event: DeskEvent): Promise<{ readonly ok: true } | ToolRefusal>;
  /** Appends the events in order, all or none. */
  appendAll(events: readonly DeskEvent[]): Promise<{ readonly ok: true } | ToolRefusal>;
}

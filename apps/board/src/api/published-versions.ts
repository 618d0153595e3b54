// What the board has published, as its server answers it: each review an editor accepted, kept as a
// version with who accepted it and with which passkey (server/board-publications.ts keeps them).
import type { FieldChange, FieldValues } from '../domain/state.ts';

export interface PublishedVersion {
  /** 1, 2, … within the board's book. */
  readonly version: number;
  /** The review it was accepted from. */
  readonly reviewId: string;
  /** The six fields as published. */
  readonly fields: FieldValues;
  /** What changed since the version before (since the board's starting values, for the first). */
  readonly changes: readonly FieldChange[];
  /** The editor whose passkey accepted it. */
  readonly acceptedBy: { readonly id: string; readonly name: string };
  /** The id of the passkey that confirmed the acceptance. */
  readonly passkey: string;
  readonly publishedAt: string;
  /** The entry of the board's ledger that records its acceptance (null: published before the board kept one). */
  readonly entry: number | null;
}

/** The current book's published versions, newest first. */
export interface PublishedHistory {
  readonly ok: true;
  readonly book: number;
  readonly versions: readonly PublishedVersion[];
}

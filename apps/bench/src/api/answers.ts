// What the bench's routes answer on success (a refusal is the one shape every route may give).
import type { SignedTreeHead } from '@warrant/ledger';
import type { ProposedAct } from '@warrant/people';
import type { MeetingEvent } from '../domain/state.ts';

/** The meeting as its server keeps it: its entries, and the chain head after the last. */
export interface MeetingRead {
  readonly ok: true;
  /** Which record of the bench this is: a new one starts each time a starting point is loaded. */
  readonly meeting: number;
  readonly events: readonly MeetingEvent[];
  readonly head: string;
}

/** One entry written: as the server made it (its number and its time are the server's). */
export interface EntryWritten {
  readonly ok: true;
  readonly event: MeetingEvent;
  readonly head: string;
}

/** The statement of a chair's act, for the chair's passkey: its subject is the act's canonical text. */
export type ChairActProposed = ProposedAct;

/** The statement of a member's vote, for their passkey: its subject is the vote's canonical text. */
export type VoteProposed = ProposedAct;

/** A new record started, holding a starting point of the seeded meeting. */
export interface StartedOver {
  readonly ok: true;
  readonly meeting: number;
  readonly events: readonly MeetingEvent[];
  readonly head: string;
}

export interface ArchivedRecord {
  readonly id: number;
  /** Why it was replaced. */
  readonly reason: string;
  readonly at: string;
  readonly count: number;
  readonly kind: 'archived';
}
export interface ArchiveList {
  readonly ok: true;
  readonly archives: readonly ArchivedRecord[];
}
export interface ArchivedEntries {
  readonly ok: true;
  readonly events: readonly MeetingEvent[];
}

/** The current record's signed head: its Merkle tree over the entries, signed with the bench's key. */
export interface MeetingHead {
  readonly ok: true;
  readonly meeting: number;
  /** The hash chain's head after the last entry (the same entries the tree covers). */
  readonly chain: string;
  readonly signed: SignedTreeHead;
}

// A hop as the broker reports it: what the desk ledger needs for one row, less what only the desk
// knows (seq, chain); the channel is the caller's, carried through from its context. Plain data, so the broker depends on no ledger's internals. Absent
// values are empty strings, as the ledger writes them.
import type { Actor, BrokerEvent, PolicyVerdict, Status } from '@warrant/base';
import type { PartnerName } from './partner-manifest.ts';

/** What a hop may report: the broker's part of the record's events (@warrant/base). */
export type HopEvent = BrokerEvent;
export type HopStatus = Status;

export interface Hop {
  /** ISO 8601, as Date.prototype.toISOString writes it. */
  readonly at: string;
  readonly actor: Actor;
  /**
   * How the call that caused the hop reached the host, exactly as its context named it (the
   * desk's ledger channel); '' for a hop of the broker's own machinery (discovery, a frame, time
   * running out). Passed through, never interpreted.
   */
  readonly channel: string;
  readonly event: HopEvent;
  /** 'desk', a partner's name, or ''. */
  readonly from: PartnerName | 'desk' | '';
  readonly to: PartnerName | 'desk' | '';
  /** The desk verb the hop happened under, or ''. */
  readonly verb: string;
  readonly request: string;
  readonly lease: string;
  readonly plan: string;
  readonly approval: string;
  /** The plan digest the hop runs under (64 hex), or ''. */
  readonly digest: string;
  readonly policy: PolicyVerdict;
  readonly status: HopStatus;
  /** `key=value` pairs separated by spaces; a tool hop carries `tool=` and `shape=object|string`. */
  readonly detail: string;
}

export type RecordHop = (hop: Hop) => void;

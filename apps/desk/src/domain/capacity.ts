// What find_capacity read, as the page shows it: each partner read with its quarantined value, or
// why it did not come back. Held for the session only; the ledger keeps the record of each read.
import type { PartnerName, Quarantined } from '@warrant/broker';

export interface CapacityReading {
  readonly partner: PartnerName;
  readonly lease: string;
  readonly tool: string;
  readonly value: Quarantined | null;
  readonly problem: string | null;
}

/** The latest readings, by request id. */
export type CapacityReadings = Readonly<Record<string, readonly CapacityReading[]>>;

// The closet's data and the one way it changes (reduce). A unit takes new stock only while its
// last reading is in its safe range, and only into the boxes not already used.
import type { Note } from '@warrant/partner-kit';

export interface ColdUnit {
  readonly id: string;
  readonly name: string;
  readonly kind: 'fridge' | 'freezer';
  readonly min: number;
  readonly max: number;
  readonly capacity: number;
  readonly location: string;
}

export interface Reading {
  readonly unit: string;
  /** Local date and time, YYYY-MM-DDTHH:MM. */
  readonly at: string;
  readonly celsius: number;
  readonly by: string;
}

export interface Slot {
  readonly id: string;
  readonly unit: string;
  readonly item: string;
  readonly quantity: number;
  readonly until: string;
  readonly request: string;
  readonly status: 'reserved' | 'released';
}

export interface ColdchainData {
  readonly units: readonly ColdUnit[];
  /** What sat in each unit before the week was seeded. */
  readonly stored: ReadonlyArray<{ readonly unit: string; readonly item: string; readonly quantity: number }>;
  readonly slots: readonly Slot[];
  readonly readings: readonly Reading[];
  readonly notes: readonly Note[];
}

export type ColdchainEvent =
  | { readonly type: 'reserved'; readonly slot: Slot }
  | { readonly type: 'released'; readonly slot: string }
  | { readonly type: 'reading'; readonly reading: Reading };

export function used(data: ColdchainData, unit: string): number {
  const stored = data.stored.filter((s) => s.unit === unit).reduce((sum, s) => sum + s.quantity, 0);
  return (
    stored +
    data.slots.filter((s) => s.unit === unit && s.status === 'reserved').reduce((sum, s) => sum + s.quantity, 0)
  );
}

export function space(data: ColdchainData, unit: ColdUnit): number {
  return unit.capacity - used(data, unit.id);
}

export function readingsOf(data: ColdchainData, unit: string): Reading[] {
  return data.readings.filter((r) => r.unit === unit).sort((a, b) => a.at.localeCompare(b.at));
}

export function latest(data: ColdchainData, unit: string): Reading | undefined {
  return readingsOf(data, unit).at(-1);
}

export function inRange(unit: ColdUnit, celsius: number): boolean {
  return celsius >= unit.min && celsius <= unit.max;
}

/** A unit is safe to store in while it has a reading and the last one is in range. */
export function safe(data: ColdchainData, unit: ColdUnit): boolean {
  const last = latest(data, unit.id);
  return last !== undefined && inRange(unit, last.celsius);
}

export function reduceColdchain(data: ColdchainData, event: ColdchainEvent): ColdchainData {
  switch (event.type) {
    case 'reserved':
      return { ...data, slots: [...data.slots, event.slot] };
    case 'released':
      return { ...data, slots: data.slots.map((s) => (s.id === event.slot ? { ...s, status: 'released' } : s)) };
    case 'reading':
      return { ...data, readings: [...data.readings, event.reading] };
    default:
      // A stored event this code does not know: the record is set aside, not folded wrongly.
      throw new Error(`Unknown cold chain event: ${JSON.stringify(event)}`);
  }
}

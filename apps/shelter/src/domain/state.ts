// The shelter's data and the one way it changes (reduce). A bed is free on a night if it is in
// service, no guest is booked into it, and no hold counts it.
import type { Note } from '@warrant/partner-kit';
import { KINDS, type Feature, type Kind } from './catalogue.ts';

export interface Bed {
  readonly id: string;
  readonly kind: Kind;
  readonly room: string;
  readonly features: readonly Feature[];
  readonly inService: boolean;
}

export interface Hold {
  readonly id: string;
  readonly kind: Kind;
  readonly night: string;
  readonly beds: readonly string[];
  readonly request: string;
  readonly status: 'held' | 'released';
}

export interface ShelterData {
  readonly beds: readonly Bed[];
  /** Beds taken by guests booked in, by night. */
  readonly taken: Readonly<Record<string, readonly string[]>>;
  readonly holds: readonly Hold[];
  readonly notes: readonly Note[];
}

export type ShelterEvent =
  | { readonly type: 'held'; readonly hold: Hold }
  | { readonly type: 'released'; readonly hold: string }
  | { readonly type: 'service'; readonly bed: string; readonly inService: boolean };

/** The beds held on a night by holds still held. */
function heldBeds(data: ShelterData, night: string): Set<string> {
  return new Set(data.holds.filter((h) => h.status === 'held' && h.night === night).flatMap((h) => h.beds));
}

function bedsOfKind(data: ShelterData, kind: Kind): Bed[] {
  return data.beds.filter((bed) => bed.kind === kind);
}

export function freeBeds(data: ShelterData, night: string, kind?: Kind): Bed[] {
  const taken = new Set(data.taken[night] ?? []);
  const held = heldBeds(data, night);
  return data.beds.filter(
    (bed) => (kind === undefined || bed.kind === kind) && bed.inService && !taken.has(bed.id) && !held.has(bed.id),
  );
}

export interface NightCount {
  readonly kind: Kind;
  readonly inService: number;
  readonly taken: number;
  readonly held: number;
  readonly free: number;
}

export function countNight(data: ShelterData, night: string): NightCount[] {
  const taken = new Set(data.taken[night] ?? []);
  const held = heldBeds(data, night);
  return KINDS.map((kind) => {
    const beds = bedsOfKind(data, kind).filter((bed) => bed.inService);
    return {
      kind,
      inService: beds.length,
      taken: beds.filter((bed) => taken.has(bed.id)).length,
      held: beds.filter((bed) => held.has(bed.id)).length,
      free: freeBeds(data, night, kind).length,
    };
  });
}

/** Whether a bed is taken or held on any of these nights. */
export function bedInUse(data: ShelterData, bed: string, nights: readonly string[]): boolean {
  return nights.some((night) => (data.taken[night] ?? []).includes(bed) || heldBeds(data, night).has(bed));
}

export function reduceShelter(data: ShelterData, event: ShelterEvent): ShelterData {
  switch (event.type) {
    case 'held':
      return { ...data, holds: [...data.holds, event.hold] };
    case 'released':
      return { ...data, holds: data.holds.map((h) => (h.id === event.hold ? { ...h, status: 'released' } : h)) };
    case 'service':
      return {
        ...data,
        beds: data.beds.map((bed) => (bed.id === event.bed ? { ...bed, inService: event.inService } : bed)),
      };
    default:
      // A stored event this code does not know: the record is set aside, not folded wrongly.
      throw new Error(`Unknown shelter event: ${JSON.stringify(event)}`);
  }
}

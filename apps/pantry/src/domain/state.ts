// The pantry's data and the one way it changes (reduce). A parcel on the shelf is free unless a
// held reservation counts it; a reservation is held until it is released or handed over.
import type { Note } from '@warrant/partner-kit';
import { DIETARY, KINDS, type Dietary, type Kind } from './catalogue.ts';

export interface Reservation {
  readonly id: string;
  readonly kind: Kind;
  readonly dietary: Dietary;
  readonly count: number;
  readonly pickupBy: string;
  readonly request: string;
  readonly status: 'held' | 'released' | 'handed_over';
}

export interface Delivery {
  readonly id: string;
  readonly day: string;
  readonly kind: Kind;
  readonly dietary: Dietary;
  readonly count: number;
  readonly from: string;
  readonly received: boolean;
}

export interface PantryData {
  /** Parcels on the shelves, by kind and dietary option (reserved ones included). */
  readonly shelves: Readonly<Record<Kind, Readonly<Partial<Record<Dietary, number>>>>>;
  readonly reservations: readonly Reservation[];
  readonly deliveries: readonly Delivery[];
  readonly notes: readonly Note[];
}

export type PantryEvent =
  | { readonly type: 'reserved'; readonly reservation: Reservation }
  | { readonly type: 'released'; readonly reservation: string }
  | { readonly type: 'handed_over'; readonly reservation: string }
  | { readonly type: 'delivered'; readonly delivery: string };

export function onShelf(data: PantryData, kind: Kind, dietary: Dietary): number {
  return data.shelves[kind][dietary] ?? 0;
}

export function held(data: PantryData, kind: Kind, dietary: Dietary): number {
  return data.reservations
    .filter((r) => r.status === 'held' && r.kind === kind && r.dietary === dietary)
    .reduce((sum, r) => sum + r.count, 0);
}

export function available(data: PantryData, kind: Kind, dietary: Dietary): number {
  return onShelf(data, kind, dietary) - held(data, kind, dietary);
}

/** Every kind and dietary option the pantry stocks, in shelf order. */
export function stockLines(data: PantryData): Array<{ kind: Kind; dietary: Dietary }> {
  return KINDS.flatMap((kind) =>
    DIETARY.filter((dietary) => data.shelves[kind][dietary] !== undefined).map((dietary) => ({ kind, dietary })),
  );
}

function withStatus(data: PantryData, id: string, status: Reservation['status']): readonly Reservation[] {
  return data.reservations.map((r) => (r.id === id ? { ...r, status } : r));
}

function addToShelf(data: PantryData, kind: Kind, dietary: Dietary, count: number): PantryData['shelves'] {
  return { ...data.shelves, [kind]: { ...data.shelves[kind], [dietary]: onShelf(data, kind, dietary) + count } };
}

export function reducePantry(data: PantryData, event: PantryEvent): PantryData {
  switch (event.type) {
    case 'reserved':
      return { ...data, reservations: [...data.reservations, event.reservation] };
    case 'released':
      return { ...data, reservations: withStatus(data, event.reservation, 'released') };
    case 'handed_over': {
      const reservation = data.reservations.find((r) => r.id === event.reservation);
      if (!reservation) throw new Error(`No reservation ${event.reservation} to hand over.`);
      return {
        ...data,
        shelves: addToShelf(data, reservation.kind, reservation.dietary, -reservation.count),
        reservations: withStatus(data, event.reservation, 'handed_over'),
      };
    }
    case 'delivered': {
      const delivery = data.deliveries.find((d) => d.id === event.delivery);
      if (!delivery) throw new Error(`No delivery ${event.delivery} was expected.`);
      return {
        ...data,
        shelves: addToShelf(data, delivery.kind, delivery.dietary, delivery.count),
        deliveries: data.deliveries.map((d) => (d.id === event.delivery ? { ...d, received: true } : d)),
      };
    }
    default:
      // A stored event this code does not know: the record is set aside, not folded wrongly.
      throw new Error(`Unknown pantry event: ${JSON.stringify(event)}`);
  }
}

// The closet's five tools (names fixed by the desk's partner table): three reads and a slot
// reservation with its release. Legality follows the units: reserving is in order while a unit
// whose last reading is in range has space, releasing while any slot is reserved.
import {
  applied,
  dayIn,
  dayLabel,
  defineRead,
  defineWrite,
  freeText,
  idOf,
  mintId,
  notesRead,
  objectSchema,
  perWeek,
  whole,
  type PartnerState,
} from '@warrant/partner-kit';
import { refusal } from '@warrant/surface';
import { ITEM_MAX_LENGTH, MAX_BOXES_PER_SLOT, UNIT_PATTERN } from './catalogue.ts';
import { inRange, latest, readingsOf, safe, space, used, type ColdchainData, type ColdchainEvent } from './state.ts';

type State = PartnerState<ColdchainData>;

const UNIT_FIELD = {
  type: 'string',
  description: 'The unit, as list_cold_units names it (e.g. CU-1).',
  maxLength: 6,
  pattern: UNIT_PATTERN,
};
const boxes = (count: number): string => `${count} box${count === 1 ? '' : 'es'}`;
const NO_INPUT = objectSchema({});

export const listColdUnits = defineRead<ColdchainData>({
  name: 'list_cold_units',
  title: 'List cold units',
  description:
    'Lists the fridges and the freezer: safe range, the last temperature reading and whether it is in range, and space in boxes. Returns { units: [{ unit, name, kind, min_c, max_c, last_reading, in_range, capacity, used, space }] }. A unit out of range takes no new stock.',
  inputSchema: () => NO_INPUT,
  answer: ({ domain }) => ({
    ok: true,
    units: domain.units.map((unit) => {
      const last = latest(domain, unit.id);
      return {
        unit: unit.id,
        name: unit.name,
        kind: unit.kind,
        min_c: unit.min,
        max_c: unit.max,
        last_reading: last ? { at: last.at, celsius: last.celsius } : null,
        in_range: safe(domain, unit),
        capacity: unit.capacity,
        used: used(domain, unit.id),
        space: space(domain, unit),
      };
    }),
  }),
});

export const readTemperatureLog = defineRead<ColdchainData, { readonly unit: string }>({
  name: 'read_temperature_log',
  title: 'Read temperature log',
  description:
    "Reads one unit's temperature log, oldest first, each reading marked in or out of the unit's safe range. Returns { unit, min_c, max_c, readings: [{ at, celsius, by, in_range }], in_range_now }.",
  inputSchema: () => objectSchema({ unit: UNIT_FIELD }, ['unit']),
  answer: ({ domain }, { unit }) => {
    const found = domain.units.find((u) => u.id === unit);
    if (!found) return refusal('UNKNOWN_UNIT', `There is no unit ${unit} in the closet.`, { unit });
    return {
      ok: true,
      unit,
      min_c: found.min,
      max_c: found.max,
      readings: readingsOf(domain, unit).map((r) => ({
        at: r.at,
        celsius: r.celsius,
        by: r.by,
        in_range: inRange(found, r.celsius),
      })),
      in_range_now: safe(domain, found),
    };
  },
});

export const readColdchainNotes = notesRead<ColdchainData>({
  name: 'read_coldchain_notes',
  title: 'Read cold chain notes',
  about: 'Notes left by closet staff, volunteers and people dropping off: units, stock, collections.',
  notes: (data) => data.notes,
});

interface ReserveInput {
  readonly unit: string;
  readonly item: string;
  readonly quantity: number;
  readonly until: string;
}

export const reserveColdSlot = defineWrite<ColdchainData, ColdchainEvent, ReserveInput>({
  name: 'reserve_cold_slot',
  title: 'Reserve a cold slot',
  description:
    'Reserves space (in boxes) in a unit for an item until a day of this week. In order while a unit whose last reading is in range has space; a unit out of range is refused. The result names the slot; release_cold_slot with that slot undoes it.',
  inputSchema: perWeek((week) =>
    objectSchema(
      {
        unit: UNIT_FIELD,
        item: freeText('What is stored, e.g. "insulin pens, rapid-acting".', ITEM_MAX_LENGTH),
        quantity: whole('How many boxes.', 1, MAX_BOXES_PER_SLOT),
        until: dayIn(week, 'The last day it stays, as a date of this week.'),
      },
      ['unit', 'item', 'quantity', 'until'],
    ),
  ),
  compensation: { undo: 'release_cold_slot', args: { slot: { from: 'result', field: 'slot' } } },
  verdict: ({ domain }) =>
    domain.units.some((unit) => safe(domain, unit) && space(domain, unit) > 0)
      ? { legal: true }
      : { legal: false, reason: 'no unit in its safe range has space', cite: 'temperature log', code: 'NO_SAFE_SPACE' },
  apply: (state: State, input) => {
    const { domain, today } = state;
    const unit = domain.units.find((u) => u.id === input.unit);
    if (!unit)
      return refusal('UNKNOWN_UNIT', `There is no unit ${input.unit} in the closet. Nothing was reserved.`, {
        unit: input.unit,
      });
    const last = latest(domain, unit.id);
    if (!safe(domain, unit)) {
      return refusal(
        'UNIT_OUT_OF_RANGE',
        `${unit.name} last read ${last ? `${last.celsius} °C` : 'nothing'}, outside its ${unit.min} to ${unit.max} °C range, so it takes no new stock. Choose another unit; nothing was reserved.`,
        { unit: unit.id, last_celsius: last?.celsius ?? null, min_c: unit.min, max_c: unit.max },
      );
    }
    if (input.until < today)
      return refusal('UNTIL_PASSED', `${dayLabel(input.until)} has passed. Nothing was reserved.`, {
        until: input.until,
        today,
      });
    const free = space(domain, unit);
    if (free < input.quantity) {
      return refusal(
        'NOT_ENOUGH_SPACE',
        `${unit.name} has space for ${boxes(free)}, not ${input.quantity}. Nothing was reserved.`,
        { unit: unit.id, space: free, asked: input.quantity },
      );
    }
    const id = mintId('CS', state.book, state.seq + 1);
    return applied<ColdchainEvent>(
      {
        type: 'reserved',
        slot: {
          id,
          unit: unit.id,
          item: input.item,
          quantity: input.quantity,
          until: input.until,
          request: input.request,
          status: 'reserved',
        },
      },
      {
        slot: id,
        unit: unit.id,
        item: input.item,
        quantity: input.quantity,
        until: input.until,
        space_left: free - input.quantity,
      },
      `Reserved ${boxes(input.quantity)} in ${unit.name} until ${dayLabel(input.until)}, as ${id}. To undo: release_cold_slot with slot ${id}.`,
    );
  },
});

export const releaseColdSlot = defineWrite<ColdchainData, ColdchainEvent, { readonly slot: string }>({
  name: 'release_cold_slot',
  title: 'Release a cold slot',
  description:
    'Releases a reserved slot, freeing its space; it undoes reserve_cold_slot. In order while any slot is reserved.',
  inputSchema: () =>
    objectSchema({ slot: idOf('CS', 'The slot to release, as reserve_cold_slot named it.') }, ['slot']),
  verdict: ({ domain }) =>
    domain.slots.some((s) => s.status === 'reserved')
      ? { legal: true }
      : { legal: false, reason: 'no slot is reserved', cite: 'slots', code: 'NOTHING_RESERVED' },
  apply: ({ domain }, { slot }) => {
    const found = domain.slots.find((s) => s.id === slot);
    if (!found)
      return refusal('UNKNOWN_SLOT', `There is no slot ${slot} in the closet. Nothing was released.`, { slot });
    if (found.status !== 'reserved')
      return refusal('SLOT_NOT_RESERVED', `Slot ${slot} was already released. Nothing changed.`, { slot });
    return applied<ColdchainEvent>(
      { type: 'released', slot },
      { slot, released: found.quantity, unit: found.unit },
      `Released ${slot}: space for ${boxes(found.quantity)} free again in ${found.unit}.`,
    );
  },
});

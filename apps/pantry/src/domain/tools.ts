// The pantry's five tools (names fixed by the desk's partner table): three reads and a reserve
// with its release. Legality follows the shelves: reserving is in order while any parcel is free,
// releasing while any reservation is held.
import {
  applied,
  dayLabel,
  dayIn,
  defineRead,
  defineWrite,
  idOf,
  mintId,
  notesRead,
  objectSchema,
  oneOf,
  perWeek,
  someOf,
  weekdayOf,
  whole,
  type PartnerState,
} from '@warrant/partner-kit';
import { refusal } from '@warrant/surface';
import {
  DIETARY,
  DIETARY_LABEL,
  FEEDS,
  HOURS,
  KIND_LABEL,
  KINDS,
  MAX_PARCELS_PER_RESERVATION,
  MEETS,
  NEEDS,
  OPEN_WEEKDAYS,
  PACKED,
  type Dietary,
  type Kind,
  type Need,
} from './catalogue.ts';
import { available, held, onShelf, stockLines, type PantryData, type PantryEvent } from './state.ts';

type State = PartnerState<PantryData>;

const NO_INPUT = objectSchema({});

function anyFree(data: PantryData): boolean {
  return stockLines(data).some(({ kind, dietary }) => available(data, kind, dietary) > 0);
}

function parcels(count: number, kind: Kind, dietary: Dietary): string {
  const noun = kind === 'infant' ? 'baby and toddler parcel' : `${kind} parcel`;
  return `${count} ${noun}${count === 1 ? '' : 's'}${kind === 'infant' ? '' : ` (${DIETARY_LABEL[dietary].toLowerCase()})`}`;
}

export const listParcelStock = defineRead<PantryData>({
  name: 'list_parcel_stock',
  title: 'List parcel stock',
  description:
    'Lists food parcels by kind and dietary option: on the shelf, held by reservations, and free to reserve now; the pickup days and hours; and deliveries expected this week. Returns { stock: [{ kind, dietary, on_shelf, held, free }], pickup_days, hours, expected_deliveries }.',
  inputSchema: () => NO_INPUT,
  answer: ({ domain, week, today }) => ({
    ok: true,
    stock: stockLines(domain).map(({ kind, dietary }) => ({
      kind,
      dietary,
      on_shelf: onShelf(domain, kind, dietary),
      held: held(domain, kind, dietary),
      free: available(domain, kind, dietary),
    })),
    pickup_days: week.days.filter((day) => day >= today && OPEN_WEEKDAYS.includes(weekdayOf(day))),
    hours: HOURS,
    expected_deliveries: domain.deliveries
      .filter((d) => !d.received)
      .map((d) => ({ day: d.day, kind: d.kind, dietary: d.dietary, count: d.count })),
  }),
});

interface FitInput {
  readonly people: number;
  readonly needs?: readonly Need[];
}

/** A family parcel for each four people, single parcels for the rest; three left over take a family parcel. */
function parcelsFor(people: number): Array<{ kind: Kind; count: number }> {
  const rest = people % FEEDS.family;
  const families = Math.floor(people / FEEDS.family) + (rest === FEEDS.family - 1 ? 1 : 0);
  const singles = rest === FEEDS.family - 1 ? 0 : rest;
  return [
    ...(families > 0 ? [{ kind: 'family' as const, count: families }] : []),
    ...(singles > 0 ? [{ kind: 'single' as const, count: singles }] : []),
  ];
}

export const checkDietaryFit = defineRead<PantryData, FitInput>({
  name: 'check_dietary_fit',
  title: 'Check dietary fit',
  description:
    "Says which dietary option meets a household's needs and which parcels would feed it, with how many of each are free now. Returns { option, meets, unmet, parcels: [{ kind, dietary, count, free }], enough }. It reserves nothing.",
  inputSchema: () =>
    objectSchema(
      {
        people: whole('How many people the parcels must feed.', 1, 12),
        needs: someOf('Dietary needs of the household (leave out when there are none).', NEEDS),
      },
      ['people'],
    ),
  answer: ({ domain }, { people, needs = [] }) => {
    const food = needs.filter((need) => need !== 'infant');
    // The option that meets the most needs; a tie goes to the one listed first (standard first).
    const best = DIETARY.map((dietary) => ({
      dietary,
      meets: food.filter((need) => MEETS[dietary].includes(need)),
    })).reduce((a, b) => (b.meets.length > a.meets.length ? b : a));
    const plan = [
      ...parcelsFor(people).map(({ kind, count }) => ({ kind, dietary: best.dietary, count })),
      ...(needs.includes('infant') ? [{ kind: 'infant' as const, dietary: 'standard' as const, count: 1 }] : []),
    ].map((line) => ({ ...line, free: available(domain, line.kind, line.dietary) }));
    const unmet = food.filter((need) => !best.meets.includes(need));
    return {
      ok: true,
      option: best.dietary,
      meets: best.meets,
      unmet,
      parcels: plan,
      enough: plan.every((line) => line.free >= line.count),
      message:
        unmet.length > 0
          ? `No one option meets every need: ${DIETARY_LABEL[best.dietary]} meets ${best.meets.join(', ') || 'none of them'}, not ${unmet.join(', ')}. Ask the household which matters most.`
          : `${DIETARY_LABEL[best.dietary]} parcels meet every need given.`,
    };
  },
});

export const readPantryNotes = notesRead<PantryData>({
  name: 'read_pantry_notes',
  title: 'Read pantry notes',
  about: 'Notes left by pantry staff, volunteers and visitors: stock tips, rota, feedback.',
  notes: (data) => data.notes,
});

interface ReserveInput {
  readonly kind: Kind;
  readonly count: number;
  readonly dietary: Dietary;
  readonly pickup_by: string;
}

export const reserveParcels = defineWrite<PantryData, PantryEvent, ReserveInput>({
  name: 'reserve_parcels',
  title: 'Reserve parcels',
  description:
    'Holds parcels of one kind and dietary option for a household to collect by a pickup day. In order while any parcel is free. The result names the reservation; release_parcels with that reservation undoes it.',
  inputSchema: perWeek((week) =>
    objectSchema(
      {
        kind: oneOf('Which parcel: family (4 people), single (1 person), or infant (baby and toddler).', KINDS),
        count: whole('How many parcels.', 1, MAX_PARCELS_PER_RESERVATION),
        dietary: oneOf('The dietary option the parcels are packed in (infant parcels come standard only).', DIETARY),
        pickup_by: dayIn(week, 'The last day the household can collect (the pantry is closed on Sundays).'),
      },
      ['kind', 'count', 'dietary', 'pickup_by'],
    ),
  ),
  compensation: { undo: 'release_parcels', args: { reservation: { from: 'result', field: 'reservation' } } },
  verdict: ({ domain }) =>
    anyFree(domain)
      ? { legal: true }
      : {
          legal: false,
          reason: 'every parcel on the shelves is already reserved',
          cite: 'shelf count',
          code: 'NOTHING_TO_RESERVE',
        },
  apply: (state: State, input) => {
    const { domain, today } = state;
    if (!PACKED[input.kind].includes(input.dietary)) {
      return refusal(
        'NOT_PACKED',
        `${KIND_LABEL[input.kind]}s are not packed ${DIETARY_LABEL[input.dietary].toLowerCase()}. Nothing was reserved.`,
        {
          kind: input.kind,
          packed: PACKED[input.kind],
        },
      );
    }
    if (input.pickup_by < today) {
      return refusal(
        'PICKUP_DAY_PASSED',
        `${dayLabel(input.pickup_by)} has passed. Choose a pickup day from today on. Nothing was reserved.`,
        { pickup_by: input.pickup_by, today },
      );
    }
    if (!OPEN_WEEKDAYS.includes(weekdayOf(input.pickup_by))) {
      return refusal(
        'PANTRY_CLOSED',
        `The pantry is closed on ${dayLabel(input.pickup_by)}. ${HOURS} Nothing was reserved.`,
        { pickup_by: input.pickup_by },
      );
    }
    const free = available(domain, input.kind, input.dietary);
    if (free < input.count) {
      return refusal(
        'NOT_ENOUGH_PARCELS',
        `Only ${free} ${parcels(free, input.kind, input.dietary)} free, not ${input.count}. Nothing was reserved.`,
        {
          kind: input.kind,
          dietary: input.dietary,
          free,
          asked: input.count,
        },
      );
    }
    const id = mintId('PR', state.book, state.seq + 1);
    const reservation = {
      id,
      kind: input.kind,
      dietary: input.dietary,
      count: input.count,
      pickupBy: input.pickup_by,
      request: input.request,
      status: 'held' as const,
    };
    return applied<PantryEvent>(
      { type: 'reserved', reservation },
      {
        reservation: id,
        kind: input.kind,
        dietary: input.dietary,
        count: input.count,
        pickup_by: input.pickup_by,
        free_after: free - input.count,
      },
      `Reserved ${parcels(input.count, input.kind, input.dietary)} for pickup by ${dayLabel(input.pickup_by)}, as ${id}. To undo: release_parcels with reservation ${id}.`,
    );
  },
});

export const releaseParcels = defineWrite<PantryData, PantryEvent, { readonly reservation: string }>({
  name: 'release_parcels',
  title: 'Release parcels',
  description:
    'Releases a held reservation, putting its parcels back on the free count; it undoes reserve_parcels. In order while any reservation is held.',
  inputSchema: () =>
    objectSchema({ reservation: idOf('PR', 'The reservation to release, as reserve_parcels named it.') }, [
      'reservation',
    ]),
  verdict: ({ domain }) =>
    domain.reservations.some((r) => r.status === 'held')
      ? { legal: true }
      : { legal: false, reason: 'no reservation is held', cite: 'reservations', code: 'NOTHING_HELD' },
  apply: ({ domain }, { reservation }) => {
    const found = domain.reservations.find((r) => r.id === reservation);
    if (!found)
      return refusal(
        'UNKNOWN_RESERVATION',
        `There is no reservation ${reservation} at this pantry. Nothing was released.`,
        { reservation },
      );
    if (found.status !== 'held') {
      return refusal(
        'RESERVATION_NOT_HELD',
        `Reservation ${reservation} is ${found.status.replace('_', ' ')}, not held. Nothing was released.`,
        { reservation, status: found.status },
      );
    }
    return applied<PantryEvent>(
      { type: 'released', reservation },
      { reservation, released: found.count, kind: found.kind, dietary: found.dietary },
      `Released ${reservation}: ${parcels(found.count, found.kind, found.dietary)} back on the free count.`,
    );
  },
});

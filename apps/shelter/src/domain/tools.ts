// The shelter's five tools (names fixed by the desk's partner table): three reads and a hold with
// its release. Legality follows the beds: holding is in order while any bed is free on a night
// still to come, releasing while any hold is held.
import {
  applied,
  dayIn,
  dayLabel,
  defineRead,
  defineWrite,
  idOf,
  mintId,
  notesRead,
  objectSchema,
  oneOf,
  perWeek,
  someOf,
  whole,
  type PartnerState,
} from '@warrant/partner-kit';
import { refusal } from '@warrant/surface';
import { DOORS, FEATURES, KINDS, MAX_BEDS_PER_HOLD, type Feature, type Kind } from './catalogue.ts';
import { countNight, freeBeds, type ShelterData, type ShelterEvent } from './state.ts';

type State = PartnerState<ShelterData>;

const beds = (count: number, kind: Kind): string => {
  const noun = kind === 'family_room' ? 'family room' : kind === 'accessible' ? 'accessible room' : 'dorm bed';
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
};

const nightsAhead = ({ week, today }: State): string[] => week.days.filter((night) => night >= today);

export const listBedAvailability = defineRead<ShelterData, { readonly night: string }>({
  name: 'list_bed_availability',
  title: 'List bed availability',
  description:
    'Counts beds for one night of this week by kind: in service, taken by guests booked in, held, and free to hold. Returns { night, beds: [{ kind, in_service, taken, held, free }], doors }.',
  inputSchema: perWeek((week) => objectSchema({ night: dayIn(week, 'The night, as a date of this week.') }, ['night'])),
  answer: ({ domain }, { night }) => ({
    ok: true,
    night,
    beds: countNight(domain, night).map((count) => ({
      kind: count.kind,
      in_service: count.inService,
      taken: count.taken,
      held: count.held,
      free: count.free,
    })),
    doors: DOORS,
  }),
});

export const checkAccessibility = defineRead<ShelterData, { readonly needs: readonly Feature[] }>({
  name: 'check_accessibility',
  title: 'Check accessibility',
  description:
    'Lists the beds that meet every one of the given access needs, with their kind and features, and how many of them are free tonight. Returns { needs, beds: [{ bed, kind, room, features }], kinds, free_tonight }. It holds nothing.',
  inputSchema: () => objectSchema({ needs: someOf('Access needs the guest has.', FEATURES) }, ['needs']),
  answer: ({ domain, today }, { needs }) => {
    const fitting = domain.beds.filter((bed) => bed.inService && needs.every((need) => bed.features.includes(need)));
    const freeTonight = new Set(freeBeds(domain, today).map((bed) => bed.id));
    return {
      ok: true,
      needs: [...needs],
      beds: fitting.map((bed) => ({ bed: bed.id, kind: bed.kind, room: bed.room, features: [...bed.features] })),
      kinds: KINDS.filter((kind) => fitting.some((bed) => bed.kind === kind)),
      free_tonight: fitting.filter((bed) => freeTonight.has(bed.id)).length,
    };
  },
});

export const readShelterNotes = notesRead<ShelterData>({
  name: 'read_shelter_notes',
  title: 'Read shelter notes',
  about: 'Notes left by shelter staff, caseworkers, volunteers and guests: beds, rooms, routines.',
  notes: (data) => data.notes,
});

interface HoldInput {
  readonly kind: Kind;
  readonly count: number;
  readonly night: string;
}

export const holdBeds = defineWrite<ShelterData, ShelterEvent, HoldInput>({
  name: 'hold_beds',
  title: 'Hold beds',
  description:
    'Holds beds of one kind for one night (a family room counts as one, sleeping four). In order while any bed is free on a night still to come. The result names the hold and the beds; release_beds with that hold undoes it.',
  inputSchema: perWeek((week) =>
    objectSchema(
      {
        kind: oneOf('Which beds: dorm, family_room (sleeps 4) or accessible.', KINDS),
        count: whole('How many beds or rooms.', 1, MAX_BEDS_PER_HOLD),
        night: dayIn(week, 'The night, as a date of this week.'),
      },
      ['kind', 'count', 'night'],
    ),
  ),
  compensation: { undo: 'release_beds', args: { hold: { from: 'result', field: 'hold' } } },
  verdict: (state) =>
    nightsAhead(state).some((night) => freeBeds(state.domain, night).length > 0)
      ? { legal: true }
      : {
          legal: false,
          reason: 'every bed is taken or held for every night left this week',
          cite: 'bed board',
          code: 'NO_BEDS_FREE',
        },
  apply: (state: State, input) => {
    if (input.night < state.today) {
      return refusal('NIGHT_PASSED', `The night of ${dayLabel(input.night)} has passed. Nothing was held.`, {
        night: input.night,
        today: state.today,
      });
    }
    const free = freeBeds(state.domain, input.night, input.kind);
    if (free.length < input.count) {
      return refusal(
        'NOT_ENOUGH_BEDS',
        `Only ${beds(free.length, input.kind)} free on ${dayLabel(input.night)}, not ${input.count}. Nothing was held.`,
        {
          kind: input.kind,
          night: input.night,
          free: free.length,
          asked: input.count,
        },
      );
    }
    const id = mintId('SH', state.book, state.seq + 1);
    const chosen = free.slice(0, input.count).map((bed) => bed.id);
    return applied<ShelterEvent>(
      {
        type: 'held',
        hold: { id, kind: input.kind, night: input.night, beds: chosen, request: input.request, status: 'held' },
      },
      {
        hold: id,
        kind: input.kind,
        count: input.count,
        night: input.night,
        beds: chosen,
        free_after: free.length - input.count,
      },
      `Held ${beds(input.count, input.kind)} (${chosen.join(', ')}) for the night of ${dayLabel(input.night)}, as ${id}. To undo: release_beds with hold ${id}.`,
    );
  },
});

export const releaseBeds = defineWrite<ShelterData, ShelterEvent, { readonly hold: string }>({
  name: 'release_beds',
  title: 'Release beds',
  description:
    'Releases a hold, freeing its beds for that night; it undoes hold_beds. In order while any hold is held.',
  inputSchema: () => objectSchema({ hold: idOf('SH', 'The hold to release, as hold_beds named it.') }, ['hold']),
  verdict: ({ domain }) =>
    domain.holds.some((h) => h.status === 'held')
      ? { legal: true }
      : { legal: false, reason: 'no beds are held', cite: 'bed board', code: 'NOTHING_HELD' },
  apply: ({ domain }, { hold }) => {
    const found = domain.holds.find((h) => h.id === hold);
    if (!found)
      return refusal('UNKNOWN_HOLD', `There is no hold ${hold} at this shelter. Nothing was released.`, { hold });
    if (found.status !== 'held')
      return refusal('HOLD_NOT_HELD', `Hold ${hold} was already released. Nothing changed.`, { hold });
    return applied<ShelterEvent>(
      { type: 'released', hold },
      { hold, released: found.beds.length, kind: found.kind, night: found.night, beds: [...found.beds] },
      `Released ${hold}: ${found.beds.join(', ')} free again for the night of ${dayLabel(found.night)}.`,
    );
  },
});

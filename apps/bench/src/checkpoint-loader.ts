import { STARTING_POINTS, type StartingPoint } from './domain/checkpoints.ts';
import { retimed } from './domain/retime.ts';
import { SEED } from './domain/seed.ts';
import type { MeetingEvent } from './domain/state.ts';

// A starting point made into the record it loads: the seeded entries up to it (and, for "quorum
// lost", the members leaving), timed to end now. Loaded, with the seeded meeting, only when a
// person picks a starting point.

export interface Prepared {
  readonly events: readonly MeetingEvent[];
  /** Entries of the person's own in the record it would replace; asked about first when there are any. */
  readonly own: number;
}

const same = (a: MeetingEvent, b: MeetingEvent | undefined): boolean =>
  b !== undefined && a.type === b.type && JSON.stringify(a.payload) === JSON.stringify(b.payload);

/** The entries a starting point loads, before they are timed. */
function seededLog(point: StartingPoint): MeetingEvent[] {
  const seeded = SEED.slice(0, point.prefix);
  if (point.present === undefined) return seeded;
  return [
    ...seeded,
    {
      seq: seeded.length + 1,
      at: seeded.at(-1)?.at ?? '00:00',
      actor: 'chair',
      type: 'set_members_present',
      payload: { present: point.present, note: 'Three trustees left early.' },
    },
  ];
}

/** How many leading entries two records share, whatever their times. */
function shared(a: readonly MeetingEvent[], b: readonly MeetingEvent[]): number {
  let n = 0;
  while (n < a.length && same(a[n] as MeetingEvent, b[n])) n += 1;
  return n;
}

export function prepare(point: StartingPoint, current: readonly MeetingEvent[], now: Date = new Date()): Prepared {
  // What the person recorded beyond every seeded log: a seeded moment, replayed, is not theirs;
  // nor is the naming of the meeting's bylaws its server made as it created the meeting.
  const named = current[0]?.type === 'name_bylaws' ? 1 : 0;
  const after = current.slice(named);
  const seededEntries = Math.max(...STARTING_POINTS.map((start) => shared(after, seededLog(start))));
  return { events: retimed(seededLog(point), now), own: after.length - seededEntries };
}

import { describe, expect, it } from 'vitest';
import { prepare } from './checkpoint-loader.ts';
import { STARTING_POINTS } from './domain/checkpoints.ts';
import { SEED } from './domain/seed.ts';
import type { MeetingEvent } from './domain/state.ts';

const point = (id: string) => STARTING_POINTS.find((p) => p.id === id)!;
const now = new Date(2026, 0, 1, 20, 0);

describe('a starting point', () => {
  it('loads its seeded entries, timed to end now; "quorum lost" adds the members leaving', () => {
    expect(prepare(point('tangle'), [], now).events.map((e) => e.type)).toEqual(SEED.slice(0, 8).map((e) => e.type));
    const lost = prepare(point('quorum_lost'), [], now).events;
    expect(lost.at(-1)).toMatchObject({ seq: 5, type: 'set_members_present', payload: { present: 4 }, at: '19:59' });
  });

  it('counts none of a seeded record as the person’s own, whichever starting point loaded it', () => {
    for (const start of STARTING_POINTS)
      expect(prepare(point('widest'), prepare(start, [], now).events, now).own, start.id).toBe(0);
  });

  it('counts what the person recorded beyond it', () => {
    const mine: MeetingEvent = {
      seq: 5,
      at: '20:01',
      actor: 'agent',
      type: 'correct_last_entry',
      payload: { correction: 'X', actor: 'Y' },
    };
    expect(prepare(point('tangle'), [...SEED.slice(0, 4), mine], now).own).toBe(1);
    expect(prepare(point('tangle'), [mine], now).own).toBe(1);
  });
});

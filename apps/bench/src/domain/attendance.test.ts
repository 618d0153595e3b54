// A meeting's attendance is the clerk's count or the members' roll call, never both summed; each
// person is on the roll once; the quorum (§40) counts the roll.
import { describe, expect, it } from 'vitest';
import { markingPresentRefused } from './attendance.ts';
import { MILLBROOK_COMMUNITY_LAND_TRUST } from './bylaws/millbrook-community-land-trust.ts';
import { namingOf } from './bylaws/named.ts';
import { replay } from './reduce.ts';
import { rule } from './rule.ts';
import type { MeetingEvent, PersonOnRecord } from './state.ts';
import { quorumPresent } from './state.ts';

const person = (n: number): PersonOnRecord => ({ id: `M${n}`, name: `Member ${n}` });
const marks = (...ns: number[]): MeetingEvent[] =>
  ns.map((n, i) => ({
    seq: i + 1,
    at: '18:30',
    actor: 'member',
    person: person(n),
    type: 'mark_present',
    payload: {},
  }));

describe('the roll call', () => {
  it('under bylaws that name the board, only a member they name is marked present; under bylaws that name none, any person', () => {
    const named: MeetingEvent = {
      seq: 1,
      at: '19:00',
      actor: 'clerk',
      type: 'name_bylaws',
      payload: namingOf(MILLBROOK_COMMUNITY_LAND_TRUST),
    };
    const millbrook = replay([named]);
    const director: PersonOnRecord = { id: 'P1', name: 'Abena Mensah' };
    expect(markingPresentRefused(millbrook, director)).toBeNull();
    // Their name as the bylaws write it, once trimmed: "abena mensah" is another name.
    expect(markingPresentRefused(millbrook, { id: 'P2', name: 'Someone Else' })).toMatchObject({
      code: 'NOT_ON_THE_BOARD',
      details: { act: 'mark_present' },
    });
    expect(markingPresentRefused(millbrook, { id: 'P3', name: 'abena mensah' })).toMatchObject({
      code: 'NOT_ON_THE_BOARD',
    });
    // The seed library's bylaws name no members: the roll is whoever the clerk invited.
    expect(markingPresentRefused(replay([]), { id: 'P2', name: 'Someone Else' })).toBeNull();
  });

  it('counts each person once, and the quorum counts the roll', () => {
    const four = replay(marks(1, 2, 3, 4, 2));
    expect(four).toMatchObject({ attendance: 'roll_call', present: 4 });
    expect(quorumPresent(four)).toBe(false);
    expect(markingPresentRefused(four, person(2))).toMatchObject({ code: 'ALREADY_PRESENT' });
    expect(markingPresentRefused(four, person(5))).toBeNull();
    expect(quorumPresent(replay(marks(1, 2, 3, 4, 5)))).toBe(true);
    expect(markingPresentRefused(replay(marks(1, 2, 3, 4, 5, 6, 7, 8, 9)), person(10))).toMatchObject({
      code: 'ROLL_FULL',
    });
  });

  it('a roll call takes the clerk’s count out of order; a clerk’s count refuses the roll call', () => {
    const rolled = replay(marks(1));
    expect(rule(rolled, 'set_members_present')).toMatchObject({ legal: false, cite: 'RONR §40' });
    const counted = replay([
      { seq: 1, at: '18:30', actor: 'clerk', type: 'set_members_present', payload: { present: 7 } },
    ]);
    expect(counted.attendance).toBe('clerk_count');
    expect(rule(counted, 'set_members_present').legal).toBe(true);
    expect(markingPresentRefused(counted, person(1))).toMatchObject({ code: 'ATTENDANCE_COUNTED_BY_CLERK' });
  });
});

// A meeting's bylaws decide its quorum. Checked against a statement of the rule written here by
// hand, not read from terms.ts: "a majority of the directors in office" is more than half of them
// (RONR §1:7), so of 15 it is 8; "at least a third" of 10 is 4; a fixed number is that number.
// Under the Millbrook Community Land Trust's bylaws (a board of 15) the cliff at the widest frontier
// falls between 7 and 8 present, where under the Kestrel Valley Seed Library's (quorum 5) it falls
// between 4 and 5; and a record replays under the bylaws its first entry names.
import { describe, expect, it } from 'vitest';
import { draftMinutes, explainState } from '../minutes.ts';
import { legalTools, rule } from '../rule.ts';
import { READ_ROWS, SUBQUORUM_ALLOWED, TOOL_NAMES } from '../rulebook.ts';
import { replay } from '../reduce.ts';
import { CHECKPOINTS, SEED } from '../seed.ts';
import type { MeetingEvent, MeetingState } from '../state.ts';
import { initialState } from '../state.ts';
import type { BylawsFile, QuorumRule } from './bylaws-file.ts';
import { bylawsDigest } from './digest.ts';
import { KESTREL_VALLEY_SEED_LIBRARY } from './kestrel-valley-seed-library.ts';
import { MILLBROOK_COMMUNITY_LAND_TRUST } from './millbrook-community-land-trust.ts';
import { namingOf } from './named.ts';
import { DEFAULT_BYLAWS } from './registry.ts';
import { quorumCount } from './terms.ts';

/** The smallest whole number of members n for which `holds(n)`: the statement of each rule below. */
const smallest = (holds: (n: number) => boolean): number => {
  let n = 0;
  while (!holds(n)) n += 1;
  return n;
};

describe('a quorum rule, as a count of members', () => {
  const MAJORITY: QuorumRule = {
    kind: 'fraction',
    numerator: 1,
    denominator: 2,
    rounding: 'more_than',
    words: 'a majority',
  };
  const A_THIRD: QuorumRule = {
    kind: 'fraction',
    numerator: 1,
    denominator: 3,
    rounding: 'at_least',
    words: 'a third',
  };
  const TWO_THIRDS: QuorumRule = {
    kind: 'fraction',
    numerator: 2,
    denominator: 3,
    rounding: 'at_least',
    words: 'two-thirds',
  };
  const boards = Array.from({ length: 30 }, (_, i) => i + 1);

  it.each(boards)(
    'on a board of %i: a majority is more than half, a third and two-thirds are at least that share',
    (board) => {
      expect(quorumCount(MAJORITY, board)).toBe(smallest((n) => 2 * n > board));
      expect(quorumCount(A_THIRD, board)).toBe(smallest((n) => 3 * n >= board));
      expect(quorumCount(TWO_THIRDS, board)).toBe(smallest((n) => 3 * n >= 2 * board));
      expect(quorumCount({ kind: 'number', count: 5 }, board)).toBe(5);
    },
  );

  it('gives the two files the bench holds their stated quorums: 5 of 9, and 8 of 15', () => {
    expect(quorumCount(KESTREL_VALLEY_SEED_LIBRARY.quorum, 9)).toBe(5);
    expect(quorumCount(MILLBROOK_COMMUNITY_LAND_TRUST.quorum, 15)).toBe(8);
    expect(MILLBROOK_COMMUNITY_LAND_TRUST.members).toHaveLength(15);
  });
});

/** The seeded meeting's first `prefix` entries, as a meeting held under `file` records them, then `present` counted. */
function meetingUnder(file: BylawsFile | null, prefix: number, present?: number): MeetingEvent[] {
  const opening: MeetingEvent[] = file
    ? [{ seq: 1, at: '19:00', actor: 'clerk', type: 'name_bylaws', payload: namingOf(file) }]
    : [];
  const seeded = SEED.slice(0, prefix).map((event, i) => ({ ...event, seq: opening.length + i + 1 }));
  const counted: MeetingEvent[] =
    present === undefined
      ? []
      : [
          {
            seq: opening.length + seeded.length + 1,
            at: '19:30',
            actor: 'clerk',
            type: 'set_members_present',
            payload: { present },
          },
        ];
  return [...opening, ...seeded, ...counted];
}

const registered = (state: MeetingState): number => READ_ROWS.length + legalTools(state).length;
/** The acts §40 removes: every gated act but the few it leaves in order without a quorum. */
const QUORUM_GATED = TOOL_NAMES.filter((name) => !SUBQUORUM_ALLOWED.has(name));

describe('the cliff, as each file says', () => {
  // present → is a quorum present, stated by hand: Millbrook needs a majority of 15 (8), Kestrel 5 of 9.
  const MILLBROOK_TABLE: readonly (readonly [number, boolean])[] = Array.from({ length: 16 }, (_, present) => [
    present,
    present > 15 / 2,
  ]);

  it.each(MILLBROOK_TABLE)('under Millbrook, %i of 15 present at the widest frontier: quorum %s', (present, quorum) => {
    const state = replay(meetingUnder(MILLBROOK_COMMUNITY_LAND_TRUST, CHECKPOINTS.widest, present));
    expect(state.bylaws).toMatchObject({ id: MILLBROOK_COMMUNITY_LAND_TRUST.id, boardSize: 15, quorum: 8 });
    // The spec's counts at the widest frontier: 17 tools with a quorum, 9 without.
    expect(registered(state)).toBe(quorum ? 17 : 9);
    const seconded = rule(state, 'move_to_amend');
    expect(seconded.legal).toBe(quorum);
    if (!quorum) {
      expect(seconded).toMatchObject({ cite: 'RONR §40' });
      expect(seconded.reason).toContain(`${present} of 15 members present, quorum 8`);
    }
  });

  it('falls at 8 of 15 under Millbrook, not at 5 as under Kestrel Valley', () => {
    for (const present of [5, 6, 7]) {
      const kestrel = replay(meetingUnder(KESTREL_VALLEY_SEED_LIBRARY, CHECKPOINTS.widest, present));
      const millbrook = replay(meetingUnder(MILLBROOK_COMMUNITY_LAND_TRUST, CHECKPOINTS.widest, present));
      expect(registered(kestrel), `${present} present`).toBe(17);
      expect(registered(millbrook), `${present} present`).toBe(9);
      expect(QUORUM_GATED.filter((name) => rule(kestrel, name).legal).length).toBeGreaterThan(0);
      expect(QUORUM_GATED.filter((name) => rule(millbrook, name).legal)).toEqual([]);
    }
  });

  it('counts the whole board: a count up to 15 fits Millbrook’s schemas, and a 16th member does not', () => {
    const state = replay(meetingUnder(MILLBROOK_COMMUNITY_LAND_TRUST, CHECKPOINTS.widest, 15));
    expect(state.present).toBe(15);
    expect(explainState(state)).toContain('15 of 15 members are present; a quorum is 8');
  });
});

describe('a record replays under the bylaws its first entry names', () => {
  it('names them by id and the SHA-256 of the file’s canonical JSON', () => {
    const [opening] = meetingUnder(MILLBROOK_COMMUNITY_LAND_TRUST, 0);
    expect(opening?.payload).toEqual({
      id: 'millbrook-community-land-trust',
      digest: bylawsDigest(MILLBROOK_COMMUNITY_LAND_TRUST),
    });
    expect(bylawsDigest(MILLBROOK_COMMUNITY_LAND_TRUST)).toMatch(/^[0-9a-f]{64}$/);
    expect(bylawsDigest(MILLBROOK_COMMUNITY_LAND_TRUST)).not.toBe(bylawsDigest(KESTREL_VALLEY_SEED_LIBRARY));
  });

  it('replays the same bylaws every time, and its minutes say them', () => {
    const events = meetingUnder(MILLBROOK_COMMUNITY_LAND_TRUST, CHECKPOINTS.tangle, 8);
    const once = replay(events);
    expect(replay(JSON.parse(JSON.stringify(events)) as MeetingEvent[])).toEqual(once);
    const minutes = draftMinutes(events, once);
    expect(minutes).toContain('MINUTES — Millbrook Community Land Trust, Board of Directors');
    expect(minutes).toContain(
      'Board of 15; a quorum is a majority of the directors in office (8 of 15) (Bylaws Art. IV §6)',
    );
    expect(minutes).toContain(
      `Bylaws file millbrook-community-land-trust (SHA-256 ${bylawsDigest(MILLBROOK_COMMUNITY_LAND_TRUST).slice(0, 16)}…, in full in the record).`,
    );
    expect(minutes).not.toContain('Kestrel');
  });

  it('reads a record that names no bylaws (made before meetings named them) under the Kestrel Valley Seed Library’s, as before', () => {
    expect(DEFAULT_BYLAWS).toBe(KESTREL_VALLEY_SEED_LIBRARY);
    const unnamed = replay(meetingUnder(null, CHECKPOINTS.widest, 5));
    const named = replay(meetingUnder(KESTREL_VALLEY_SEED_LIBRARY, CHECKPOINTS.widest, 5));
    expect(unnamed.bylaws).toEqual(initialState.bylaws);
    expect(unnamed.bylaws).toMatchObject({ boardSize: 9, quorum: 5 });
    expect(named).toEqual(unnamed);
    expect(legalTools(named)).toEqual(legalTools(replay(SEED.slice(0, CHECKPOINTS.widest))));
  });
});

// The record keeps a naming of its bylaws only as its first entry, and only of a file the bench
// holds, unchanged: a record is never read under bylaws it was not made under.
import { describe, expect, it } from 'vitest';
import { bylawsDigest } from './domain/bylaws/digest.ts';
import { KESTREL_VALLEY_SEED_LIBRARY } from './domain/bylaws/kestrel-valley-seed-library.ts';
import { MILLBROOK_COMMUNITY_LAND_TRUST } from './domain/bylaws/millbrook-community-land-trust.ts';
import { namingOf } from './domain/bylaws/named.ts';
import { reduce } from './domain/reduce.ts';
import type { MeetingEvent } from './domain/state.ts';
import { initialState } from './domain/state.ts';
import { entryProblem } from './meeting-log-format.ts';

describe("a meeting's naming of its bylaws, as the record keeps it", () => {
  it('keeps no entry that names bylaws the bench does not hold, another text of them, or names them after the first entry', () => {
    const opening = (payload: object, seq = 1) => ({ seq, at: '19:00', actor: 'clerk', type: 'name_bylaws', payload });
    expect(entryProblem(opening(namingOf(MILLBROOK_COMMUNITY_LAND_TRUST)))).toBeNull();
    expect(entryProblem(opening({ id: 'the-grange', digest: '0'.repeat(64) }))).toMatch(/does not hold/);
    expect(
      entryProblem(
        opening({ id: MILLBROOK_COMMUNITY_LAND_TRUST.id, digest: bylawsDigest(KESTREL_VALLEY_SEED_LIBRARY) }),
      ),
    ).toMatch(/another text/);
    expect(entryProblem(opening(namingOf(MILLBROOK_COMMUNITY_LAND_TRUST), 2))).toMatch(/after the meeting began/);
    // The fold ignores a naming it does not know rather than guess at a quorum.
    const unknown = {
      seq: 1,
      at: '19:00',
      actor: 'clerk',
      type: 'name_bylaws',
      payload: { id: 'the-grange', digest: '' },
    } as MeetingEvent;
    expect(reduce(initialState, unknown).bylaws).toEqual(initialState.bylaws);
  });
});

// A meeting is held under the bylaws chosen when it is created: the bench's server names them in
// the new record's first entry (id and the digest of the file's canonical JSON), judges every act
// under them, and refuses bylaws it does not hold without changing anything.
import type { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { appTestEngines } from '@warrant/site-server/testing';
import { BENCH_API } from '../api/bench-api.ts';
import { bylawsDigest } from '../domain/bylaws/digest.ts';
import { MILLBROOK_COMMUNITY_LAND_TRUST } from '../domain/bylaws/millbrook-community-land-trust.ts';
import { KESTREL_VALLEY_SEED_LIBRARY } from '../domain/bylaws/kestrel-valley-seed-library.ts';
import { replay } from '../domain/reduce.ts';
import { quorumPresent } from '../domain/state.ts';
import { postAs, type TestPerson } from '../testing/bench-person.ts';
import { openBenchWithClerk, type BenchUnderTest } from '../testing/bench-under-test.ts';

describe.each(appTestEngines(inject('pgliteRoot'), inject('postgresUrl'), it, []))(
  "a meeting's bylaws on %s",
  (_engine, open, it) => {
    let bench: BenchUnderTest;
    let app: Hono;
    let clerk: TestPerson;

    beforeEach(async () => {
      bench = await openBenchWithClerk(await open());
      ({ app, clerk } = bench);
    });
    afterEach(() => bench.close());

    const read = () => bench.read();
    const startOver = (body: object) => postAs(app, clerk, BENCH_API.startOver.path, body);
    const append = (after: string, type: string, payload: object) =>
      postAs(app, clerk, BENCH_API.append.path, { after, type, by: 'person', payload });

    it('names the chosen bylaws first, and judges the quorum by them: 7 of 15 is none, 8 is one', async () => {
      const started = await startOver({ point: 'widest', bylaws: MILLBROOK_COMMUNITY_LAND_TRUST.id });
      expect(started).toMatchObject({ status: 200, body: { ok: true } });
      const { events, head } = await read();
      expect(events[0]).toMatchObject({
        seq: 1,
        type: 'name_bylaws',
        actor: 'clerk',
        person: { id: clerk.id },
        payload: { id: MILLBROOK_COMMUNITY_LAND_TRUST.id, digest: bylawsDigest(MILLBROOK_COMMUNITY_LAND_TRUST) },
      });
      expect(events.map((event) => event.seq)).toEqual(events.map((_, i) => i + 1));
      // The widest frontier's 7 present are a quorum of 9, not of 15.
      expect(quorumPresent(replay(events))).toBe(false);
      const refused = await append(head, 'move_to_amend', {
        text: 'Add "on Sundays".',
        mover: 'Nell Ashby',
        form: 'insert',
      });
      expect(refused).toMatchObject({ status: 409, body: { ok: false, isError: true, code: 'NOT_IN_ORDER' } });
      expect(String(refused.body['message'])).toContain('7 of 15 members present, quorum 8');

      // A count the board of 15 allows (and a board of 9 would not) is taken; then the amendment is in order.
      const counted = await append(head, 'set_members_present', { present: 12 });
      expect(counted).toMatchObject({ status: 200, body: { ok: true } });
      const sixteen = await append(String(counted.body['head']), 'set_members_present', { present: 16 });
      expect(sixteen).toMatchObject({ status: 400, body: { ok: false, code: 'INVALID_INPUT' } });
      const eight = await append(String(counted.body['head']), 'set_members_present', { present: 8 });
      const amended = await append(String(eight.body['head']), 'move_to_amend', {
        text: 'Add "on Sundays".',
        mover: 'Nell Ashby',
        form: 'insert',
      });
      expect(amended).toMatchObject({ status: 200, body: { ok: true } });
    });

    it('starts under the Kestrel Valley Seed Library’s bylaws when none is chosen, as before', async () => {
      await startOver({ point: 'widest' });
      const { events } = await read();
      expect(events[0]?.payload).toEqual({
        id: KESTREL_VALLEY_SEED_LIBRARY.id,
        digest: bylawsDigest(KESTREL_VALLEY_SEED_LIBRARY),
      });
      expect(replay(events).bylaws).toMatchObject({ boardSize: 9, quorum: 5 });
      expect(quorumPresent(replay(events))).toBe(true);
    });

    it('refuses bylaws it does not hold, in the structured shape, and changes nothing', async () => {
      await startOver({ point: 'tangle', bylaws: MILLBROOK_COMMUNITY_LAND_TRUST.id });
      const before = await read();
      const unknown = await startOver({ point: 'widest', bylaws: 'the-grange' });
      expect(unknown).toMatchObject({
        status: 400,
        body: {
          ok: false,
          isError: true,
          code: 'UNKNOWN_BYLAWS',
          details: { bylaws: 'the-grange', known: [KESTREL_VALLEY_SEED_LIBRARY.id, MILLBROOK_COMMUNITY_LAND_TRUST.id] },
        },
      });
      expect(String(unknown.body['message'])).toEqual(expect.any(String));
      const malformed = await startOver({ point: 'widest', bylaws: 'Not\nan id' });
      expect(malformed).toMatchObject({ status: 400, body: { ok: false, isError: true } });
      expect(await read()).toEqual(before);
      const archives = (await (await app.request(BENCH_API.archives.path)).json()) as { archives: unknown[] };
      expect(archives.archives).toHaveLength(0);
    });
  },
);

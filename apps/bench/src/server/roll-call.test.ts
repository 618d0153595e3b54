// Members mark themselves present from their own signed-in pages, and the quorum counts the
// server's roll: each person once, never someone else, never the clerk; a meeting's attendance is
// the members' roll call or the clerk's count, never both summed.
import type { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { GENESIS } from '@warrant/ledger';
import { appTestEngines } from '@warrant/site-server/testing';
import { BENCH_API } from '../api/bench-api.ts';
import { replay } from '../domain/reduce.ts';
import { quorumPresent } from '../domain/state.ts';
import { invited, postAs, type TestPerson } from '../testing/bench-person.ts';
import { openBenchWithClerk, type BenchUnderTest } from '../testing/bench-under-test.ts';

describe.each(appTestEngines(inject('pgliteRoot'), inject('postgresUrl'), it, []))(
  'the roll call on %s',
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
    const present = (who: TestPerson | null) => postAs(app, who, BENCH_API.attendance.path, {});

    it('each member marks themself present once; the quorum counts the roll; the clerk and a stranger cannot', async () => {
      const chair = await invited(app, clerk, 'Adaeze Okafor', 'chair');
      const members = [chair];
      for (const name of ['Hollis Pemberton', 'Bettina Lund', 'Ngozi Adeyemi', 'Ravi Chandran'])
        members.push(await invited(app, clerk, name, 'member'));

      // The clerk is not a member of the board, and nobody signed in is nobody.
      expect(await present(clerk)).toMatchObject({ status: 403, body: { ok: false, code: 'MEMBERS_ONLY' } });
      expect(await present(null)).toMatchObject({ status: 401, body: { code: 'SIGN_IN_REQUIRED' } });
      // Whom a body names is not who is marked: the roll takes the session's person, and a body naming
      // another is malformed.
      expect(
        await postAs(app, members[1] ?? null, BENCH_API.attendance.path, {
          person: { id: chair.id, name: chair.name },
        }),
      ).toMatchObject({ status: 400, body: { ok: false } });
      expect((await read()).events).toEqual([]);

      for (const member of members.slice(0, 4))
        expect(await present(member)).toMatchObject({
          status: 200,
          body: { ok: true, event: { type: 'mark_present', person: { id: member.id, name: member.name } } },
        });
      expect(await present(chair)).toMatchObject({ status: 409, body: { ok: false, code: 'ALREADY_PRESENT' } });
      let state = replay((await read()).events);
      expect(state).toMatchObject({ attendance: 'roll_call', present: 4 });
      expect(state.roll.map((on) => on.id)).toEqual(members.slice(0, 4).map((member) => member.id));
      expect(quorumPresent(state)).toBe(false);
      expect((await read()).events.map((event) => event.actor)).toEqual(['chair', 'member', 'member', 'member']);

      // The fifth makes the quorum (5 of 9), counted from the record's entries.
      expect(await present(members[4] ?? null)).toMatchObject({ status: 200 });
      state = replay((await read()).events);
      expect(quorumPresent(state)).toBe(true);

      // The clerk's count is not added to a roll call: out of order, nothing written.
      const counted = await postAs(app, clerk, BENCH_API.append.path, {
        after: (await read()).head,
        type: 'set_members_present',
        by: 'person',
        payload: { present: 9 },
      });
      expect(counted).toMatchObject({ status: 409, body: { ok: false, code: 'NOT_IN_ORDER' } });
      expect(replay((await read()).events).present).toBe(5);
    });

    it('a meeting whose attendance the clerk counted stays the clerk’s count: members marking present are refused', async () => {
      const member = await invited(app, clerk, 'Hollis Pemberton', 'member');
      const counted = await postAs(app, clerk, BENCH_API.append.path, {
        after: GENESIS,
        type: 'set_members_present',
        by: 'person',
        payload: { present: 6 },
      });
      expect(counted.body).toMatchObject({ ok: true, event: { actor: 'clerk' } });
      expect(await present(member)).toMatchObject({ status: 409, body: { code: 'ATTENDANCE_COUNTED_BY_CLERK' } });
      expect(replay((await read()).events)).toMatchObject({ attendance: 'clerk_count', present: 6 });
    });

    it('an act from a member’s own page is recorded as the member’s, an agent’s there as the agent’s', async () => {
      const member = await invited(app, clerk, 'Hollis Pemberton', 'member');
      await postAs(app, clerk, BENCH_API.append.path, {
        after: GENESIS,
        type: 'set_members_present',
        by: 'person',
        payload: { present: 7 },
      });
      const called = await postAs(app, member, BENCH_API.append.path, {
        after: (await read()).head,
        type: 'call_meeting_to_order',
        by: 'person',
        payload: { chair: 'Adaeze', at: '18:30' },
      });
      expect(called.body).toMatchObject({ ok: true, event: { actor: 'member', person: { id: member.id } } });
      const moved = await postAs(app, member, BENCH_API.append.path, {
        after: (await read()).head,
        type: 'move_main_motion',
        by: 'agent',
        payload: { text: 'That we buy a dryer.', mover: 'Hollis' },
      });
      expect(moved.body).toMatchObject({ ok: true, event: { actor: 'agent', person: { id: member.id } } });
    });

    it('marking present is not an entry a session asks for by name', async () => {
      const member = await invited(app, clerk, 'Hollis Pemberton', 'member');
      for (const who of [clerk, member])
        expect(
          await postAs(app, who, BENCH_API.append.path, {
            after: GENESIS,
            type: 'mark_present',
            by: 'person',
            payload: {},
          }),
        ).toMatchObject({ status: 400, body: { ok: false } });
      expect((await read()).events).toEqual([]);
    });
  },
);

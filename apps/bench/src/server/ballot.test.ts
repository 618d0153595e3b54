// Members vote from their own pages with their own passkeys on the question the chair has put:
// the server records one vote per member per question, the voter is the person whose passkey
// answers, and the result the chair declares (with the chair's passkey) is the server's count.
import type { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { appTestEngines } from '@warrant/site-server/testing';
import { SITES } from '@warrant/config';
import { BENCH_API } from '../api/bench-api.ts';
import { replay } from '../domain/reduce.ts';
import { invited, postAs, withPasskey, type TestPerson } from '../testing/bench-person.ts';
import { openBenchWithClerk, type BenchUnderTest } from '../testing/bench-under-test.ts';

describe.each(appTestEngines(inject('pgliteRoot'), inject('postgresUrl'), it, []))(
  'the members’ votes on %s',
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
    const entry = async (type: string, payload: object) =>
      postAs(app, clerk, BENCH_API.append.path, { after: (await read()).head, type, by: 'person', payload });
    const vote = (who: TestPerson, choice: string, passkey = who.passkey) =>
      withPasskey(app, who, BENCH_API.vote.path, { choice }, passkey);

    /** Five members (the chair one of them) on the roll, a main motion seconded and put by the chair. */
    async function questionPut(): Promise<{ chair: TestPerson; members: TestPerson[] }> {
      const chair = await invited(app, clerk, 'Adaeze Okafor', 'chair');
      const members = [chair];
      for (const name of ['Hollis Pemberton', 'Bettina Lund', 'Ngozi Adeyemi', 'Ravi Chandran'])
        members.push(await invited(app, clerk, name, 'member'));
      for (const member of members) await postAs(app, member, BENCH_API.attendance.path, {});
      expect((await entry('call_meeting_to_order', { chair: 'Adaeze Okafor', at: '18:30' })).body).toMatchObject({
        ok: true,
      });
      await entry('move_main_motion', { text: 'That the library buy a seed dryer.', mover: 'Hollis' });
      await entry('second_pending_motion', { seconder: 'Bettina' });
      const put = await withPasskey(app, chair, BENCH_API.chairAct.path, {
        after: (await read()).head,
        type: 'put_the_question',
        payload: {},
      });
      expect(put.body).toMatchObject({ ok: true });
      return { chair, members };
    }

    it('five members vote: one vote each, the voter is the passkey’s person, and the declared result is the server’s count', async () => {
      const { chair, members } = await questionPut();
      const [, hollis, bettina, ngozi, ravi] = members as [TestPerson, TestPerson, TestPerson, TestPerson, TestPerson];
      const before = (await read()).events.length;

      // Nobody votes before being asked, for someone else, or twice; the clerk is not a member.
      expect(await postAs(app, clerk, BENCH_API.voteOptions.path, { choice: 'aye' })).toMatchObject({
        status: 403,
        body: { code: 'MEMBERS_ONLY' },
      });
      expect(
        await postAs(app, hollis, BENCH_API.voteOptions.path, { choice: 'aye', person: bettina.id }),
      ).toMatchObject({ status: 400 });
      expect(await postAs(app, hollis, BENCH_API.vote.path, { choice: 'aye' })).toMatchObject({
        status: 403,
        body: { code: 'PASSKEY_REQUIRED' },
      });
      // Hollis's session, answered by Bettina's passkey: not Hollis's vote, and not Bettina's.
      expect(await vote(hollis, 'aye', bettina.passkey)).toMatchObject({ status: 403, body: { ok: false } });
      expect((await read()).events).toHaveLength(before);

      for (const [who, choice] of [
        [chair, 'aye'],
        [hollis, 'aye'],
        [bettina, 'nay'],
        [ngozi, 'aye'],
        [ravi, 'abstain'],
      ] as const)
        expect((await vote(who, choice)).body).toMatchObject({
          ok: true,
          event: { type: 'cast_vote', person: { id: who.id }, payload: { choice } },
        });
      expect(await vote(bettina, 'aye')).toMatchObject({ status: 409, body: { code: 'ALREADY_VOTED' } });
      const votes = (await read()).events.filter((event) => event.type === 'cast_vote');
      expect(new Set(votes.map((event) => (event.payload as { question: string }).question)).size).toBe(1);

      // The clerk's tally is out of order where members vote; the clerk cannot declare; a count that
      // is not the server's is refused; the chair's passkey declares the server's count.
      expect((await entry('record_vote_tally', { aye: 5, nay: 0 })).body).toMatchObject({ code: 'NOT_IN_ORDER' });
      const head = (await read()).head;
      const declare = (aye: number, nay: number, abstain: number) => ({
        after: head,
        type: 'declare_result',
        payload: { aye, nay, abstain },
      });
      expect(await postAs(app, clerk, BENCH_API.chairActOptions.path, declare(3, 1, 1))).toMatchObject({
        status: 403,
        body: { code: 'CHAIR_ONLY' },
      });
      expect(
        (await postAs(app, clerk, BENCH_API.append.path, { ...declare(3, 1, 1), by: 'agent' })).body,
      ).toMatchObject({ code: 'PASSKEY_REQUIRED' });
      expect((await withPasskey(app, chair, BENCH_API.chairAct.path, declare(5, 0, 0))).body).toMatchObject({
        code: 'NOT_THE_COUNT',
      });
      const declared = await withPasskey(app, chair, BENCH_API.chairAct.path, declare(3, 1, 1));
      expect(declared.body).toMatchObject({ ok: true, event: { type: 'declare_result', actor: 'chair' } });
      const state = replay((await read()).events);
      expect(state.disposed.at(-1)?.tally).toMatchObject({ aye: 3, nay: 1, abstain: 1, carried: true });
      expect(state.disposed.at(-1)?.tally.ballots?.map((cast) => [cast.person.id, cast.choice])).toEqual([
        [chair.id, 'aye'],
        [hollis.id, 'aye'],
        [bettina.id, 'nay'],
        [ngozi.id, 'aye'],
        [ravi.id, 'abstain'],
      ]);
      // The question is decided: no vote is taken on it any more.
      expect(await postAs(app, hollis, BENCH_API.voteOptions.path, { choice: 'nay' })).toMatchObject({
        status: 409,
        body: { code: 'NOT_IN_ORDER' },
      });
    });

    it('a passkey’s vote counts only on the question it was given for', async () => {
      const { members } = await questionPut();
      const hollis = members[1] as TestPerson;
      const proposed = await postAs(app, hollis, BENCH_API.voteOptions.path, { choice: 'aye' });
      const subject = JSON.parse((proposed.body['statement'] as { subject: string }).subject) as Record<
        string,
        unknown
      >;
      expect(subject).toEqual({
        meeting: expect.any(Number),
        question: expect.stringMatching(/^[0-9a-f]{64}$/),
        vote: 'aye',
      });
      const challenge = (proposed.body['options'] as { challenge: string }).challenge;
      const answer = hollis.passkey.assert(challenge, SITES.bench.origin, new URL(SITES.bench.origin).hostname);
      // The same assertion, sent as a vote the other way: refused, and nothing recorded.
      const before = (await read()).events.length;
      expect(await postAs(app, hollis, BENCH_API.vote.path, { choice: 'nay', response: answer })).toMatchObject({
        status: 403,
        body: { code: 'VOTE_MISMATCH' },
      });
      expect((await read()).events).toHaveLength(before);
    });
  },
);

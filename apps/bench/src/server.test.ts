// The bench's server decides the meeting's record: an act out of order is refused in the structured
// shape and writes nothing; two acts decided on one head, one lands; every entry is chained to the
// one before, and the record's signed head covers exactly the entries stored. On PGlite, and the
// main write path on PostgreSQL.
import type { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { GENESIS, jsonLogFormat, MerkleTree, verifyTreeHead } from '@warrant/ledger';
import type { Database, SiteServer } from '@warrant/site-server';
import { openPostgresDatabase, siteApp } from '@warrant/site-server';
import { appTestEngines, freshName } from '@warrant/site-server/testing';
import { SITES } from '@warrant/config';
import { BENCH_API } from './api/bench-api.ts';
import type { MeetingEvent } from './domain/state.ts';
import { openServer } from './server.ts';
import { enrolClerk, invited, postAs, withPasskey, type TestPerson } from './testing/bench-person.ts';
import { openBenchWithClerk, type BenchUnderTest } from './testing/bench-under-test.ts';

type Answer = { readonly [key: string]: unknown };
const ORIGIN = SITES.bench.origin;

describe.each(
  appTestEngines(inject('pgliteRoot'), inject('postgresUrl'), it, [
    'an act in order is written after the head it was decided on, and one out of order is refused and writes nothing',
  ]),
)("the bench's server on %s", (_engine, open, it) => {
  let bench: BenchUnderTest;
  let db: Database;
  let app: Hono;
  let clerk: TestPerson;

  beforeEach(async () => {
    bench = await openBenchWithClerk(await open());
    ({ db, app, clerk } = bench);
  });
  afterEach(() => bench.close());

  async function get(path: string): Promise<Answer> {
    return (await (await app.request(path)).json()) as Answer;
  }
  /** A POST from the signed-in clerk's page (`cookie` '' : a page with nobody signed in). */
  async function post(path: string, body: unknown, cookie = clerk.cookie): Promise<{ status: number; body: Answer }> {
    const response = await app.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN, ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Answer };
  }
  const read = async () => (await get(BENCH_API.meeting.path)) as { events: MeetingEvent[]; head: string };
  const append = (after: string, type: string, payload: object, by = 'agent') =>
    post(BENCH_API.append.path, { after, type, by, payload });

  it('an act in order is written after the head it was decided on, and one out of order is refused and writes nothing', async () => {
    expect(await read()).toMatchObject({ ok: true, events: [], head: GENESIS });
    // Nothing is in order before the meeting is called to order but the attendance count.
    const early = await append(GENESIS, 'move_main_motion', { text: 'That we buy a dryer.', mover: 'Hollis' });
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ ok: false, isError: true, code: 'NOT_IN_ORDER' });
    expect(early.body['message']).toEqual(expect.any(String));
    expect((await read()).events).toEqual([]);

    const counted = await append(GENESIS, 'set_members_present', { present: 7 });
    expect(counted.body).toMatchObject({
      ok: true,
      event: { seq: 1, type: 'set_members_present', actor: 'agent', person: { id: clerk.id, name: clerk.name } },
    });
    const called = await append(String(counted.body['head']), 'call_meeting_to_order', { chair: 'Adaeze', at: '6:32' });
    expect(called.body).toMatchObject({ ok: true, event: { seq: 2 } });
    const after = await read();
    expect(after.events.map((event) => event.type)).toEqual(['set_members_present', 'call_meeting_to_order']);
    expect(after.head).toBe(called.body['head']);
  });

  it('refuses what the act’s schema refuses, a tally larger than the room, and a putting not by the chair; nothing is written', async () => {
    const counted = await append(GENESIS, 'set_members_present', { present: 12 });
    expect(counted.body).toMatchObject({ ok: false, isError: true });
    const seven = await append(GENESIS, 'set_members_present', { present: 7, extra: 'x' });
    expect(seven.body).toMatchObject({ ok: false, isError: true });
    await post(BENCH_API.startOver.path, { point: 'widest' });
    const { head } = await read();
    const chair = await invited(app, clerk, 'Adaeze Okafor', 'chair');
    const put = await withPasskey(app, chair, BENCH_API.chairAct.path, {
      after: head,
      type: 'put_the_question',
      payload: {},
    });
    expect(put.body).toMatchObject({ ok: true, event: { actor: 'chair', person: { id: chair.id } } });
    const tooMany = await append(String(put.body['head']), 'record_vote_tally', { aye: 6, nay: 4 });
    expect(tooMany.body).toMatchObject({ ok: false, code: 'TALLY_EXCEEDS_PRESENT' });
    const bad = await append(String(put.body['head']), 'record_vote_tally', { aye: 'six', nay: 0 });
    expect(bad.status).toBe(400);
    expect((await read()).events).toHaveLength(6);
  });

  it('two acts decided on one head: one lands, the other hears STALE_TAB', async () => {
    await post(BENCH_API.startOver.path, { point: 'widest' });
    const { head, events } = await read();
    const [a, b] = await Promise.all([
      append(head, 'correct_last_entry', { correction: 'From tab A.', actor: 'Tomasz' }),
      append(head, 'correct_last_entry', { correction: 'From tab B.', actor: 'Tomasz' }),
    ]);
    const answers = [a.body, b.body];
    expect(answers.filter((answer) => answer['ok'] === true)).toHaveLength(1);
    expect(answers.filter((answer) => answer['code'] === 'STALE_TAB')).toHaveLength(1);
    expect((await read()).events).toHaveLength(events.length + 1);
  });

  it('the record is one chain from the start, and its signed head is the Merkle root of exactly those entries', async () => {
    await post(BENCH_API.startOver.path, { point: 'tangle' });
    const { head } = await read();
    await append(head, 'correct_last_entry', { correction: 'Noted.', actor: 'Tomasz' });
    const rows = await db.query<{ seq: number; head: string; entry: string }>(
      'SELECT seq, head, entry FROM bench_entries WHERE meeting_no = (SELECT max(meeting_no) FROM bench_meetings) ORDER BY seq',
    );
    const format = jsonLogFormat<unknown>(() => null);
    let prev = GENESIS;
    const tree = new MerkleTree();
    for (const [index, row] of rows.entries()) {
      expect(row.seq).toBe(index + 1);
      const readBack = format.read(JSON.parse(row.entry), { seq: row.seq, prev });
      expect(readBack).toMatchObject({ ok: true, head: row.head });
      prev = row.head;
      tree.append(new TextEncoder().encode(row.entry));
    }
    expect(rows).toHaveLength(10);
    const signed = (await get(BENCH_API.head.path)) as { chain: string; signed: unknown };
    expect(signed.chain).toBe(prev);
    const checked = verifyTreeHead(signed.signed);
    expect(checked).toMatchObject({ ok: true, head: { size: 10 } });
    expect(checked.ok && Buffer.from(checked.root).toString('hex')).toBe(Buffer.from(tree.root()).toString('hex'));
  });

  it('loading a starting point archives the record it replaces, whole, and the archive reads back', async () => {
    const counted = await append(GENESIS, 'set_members_present', { present: 6, note: 'Counted at the door.' });
    expect(counted.body).toMatchObject({ ok: true });
    const started = await post(BENCH_API.startOver.path, { point: 'tangle' });
    expect(started.body).toMatchObject({ ok: true });
    expect((await read()).events).toHaveLength(9);
    const listed = (await get(BENCH_API.archives.path)) as {
      archives: { id: number; count: number; reason: string }[];
    };
    expect(listed.archives).toEqual([expect.objectContaining({ count: 1, reason: 'loaded "The tangle"' })]);
    const archived = (await get(`/api/meeting/archives/${listed.archives[0]?.id}`)) as { events: MeetingEvent[] };
    expect(archived.events).toEqual([
      expect.objectContaining({ payload: { present: 6, note: 'Counted at the door.' } }),
    ]);
  });

  it('a page with nobody signed in reads the meeting and changes nothing: every write is refused SIGN_IN_REQUIRED', async () => {
    await post(BENCH_API.startOver.path, { point: 'widest' });
    const before = await read();
    const entry = {
      after: before.head,
      type: 'correct_last_entry',
      by: 'person',
      payload: { correction: 'x', actor: 'T' },
    };
    for (const [path, body] of [
      [BENCH_API.append.path, entry],
      [BENCH_API.append.path, { ...entry, type: 'put_the_question', payload: {} }],
      [BENCH_API.startOver.path, { point: 'tangle' }],
    ] as const) {
      const answer = await post(path, body, '');
      expect(answer, path).toMatchObject({ status: 401, body: { ok: false, isError: true, code: 'SIGN_IN_REQUIRED' } });
      // A session cookie the server never made is nobody's.
      const forged = await post(path, body, 'warrant_bench_session=' + 'A'.repeat(43));
      expect(forged.body).toMatchObject({ code: 'SIGN_IN_REQUIRED' });
    }
    expect(await read()).toEqual(before);
    expect(await get(BENCH_API.archives.path)).toMatchObject({ ok: true, archives: [] });
  });

  it('who made an entry is the server’s to say: the session’s person, an agent on their behalf, never a name in the body', async () => {
    // The body's old say over who made it (agent, clerk or chair) is not taken.
    const claimed = await post(BENCH_API.append.path, {
      after: GENESIS,
      type: 'set_members_present',
      actor: 'chair',
      payload: { present: 7 },
    });
    expect(claimed).toMatchObject({ status: 400, body: { ok: false, code: 'MALFORMED_REQUEST' } });
    const own = await append(GENESIS, 'set_members_present', { present: 7 }, 'person');
    expect(own.body).toMatchObject({ ok: true, event: { actor: 'clerk', person: { id: clerk.id, name: clerk.name } } });
    // A ruling the page says is the agent's own is refused: an agent proposes a ruling, the chair makes it.
    await post(BENCH_API.startOver.path, { point: 'tangle' });
    const { head } = await read();
    const raised = await append(head, 'raise_point_of_order', { concern: 'Not germane.', raisedBy: 'Hollis' });
    const ruling = { ruling: 'well_taken', disposition: 'strike_pending_motion', rationale: 'Not germane.' };
    const agentRules = await append(String(raised.body['head']), 'record_chair_ruling', ruling, 'agent');
    expect(agentRules).toMatchObject({ status: 403, body: { ok: false, code: 'PASSKEY_REQUIRED' } });
    expect((await read()).head).toBe(raised.body['head']);
  });

  it('the chair’s acts are the chair’s passkey over the exact act: from the clerk’s page, with a session, each is refused and changes nothing', async () => {
    const chair = await invited(app, clerk, 'Adaeze Okafor', 'chair');
    const member = await invited(app, clerk, 'Hollis Pemberton', 'member');
    const ruling = { ruling: 'well_taken', disposition: 'strike_pending_motion', rationale: 'Not germane.' };

    /** Every way but the chair's passkey over `act` is refused, and the record is as it was. */
    async function refusedButByTheChair(act: Record<string, unknown>): Promise<void> {
      const before = await read();
      // As an entry, from any page, by anyone's session: the chair's acts are not a session's.
      for (const by of ['person', 'agent'])
        expect((await post(BENCH_API.append.path, { ...act, by })).body).toMatchObject({
          ok: false,
          code: 'PASSKEY_REQUIRED',
        });
      // The clerk's and a member's sessions, with their own passkeys, are not the chair's.
      for (const who of [clerk, member]) {
        expect(await postAs(app, who, BENCH_API.chairActOptions.path, act)).toMatchObject({
          status: 403,
          body: { ok: false, code: 'CHAIR_ONLY' },
        });
        expect(await postAs(app, who, BENCH_API.chairAct.path, { ...act, response: {} })).toMatchObject({
          status: 403,
          body: { ok: false, code: 'CHAIR_ONLY' },
        });
      }
      // The chair's session without the chair's assertion, or with another passkey's answer.
      expect(await postAs(app, chair, BENCH_API.chairAct.path, act)).toMatchObject({
        status: 403,
        body: { ok: false, code: 'PASSKEY_REQUIRED' },
      });
      expect(await withPasskey(app, chair, BENCH_API.chairAct.path, act, clerk.passkey)).toMatchObject({
        status: 403,
        body: { ok: false },
      });
      expect(await postAs(app, null, BENCH_API.chairActOptions.path, act)).toMatchObject({ status: 401 });
      expect(await read()).toEqual(before);
    }

    // Putting the question.
    await post(BENCH_API.startOver.path, { point: 'widest' });
    const put = { after: (await read()).head, type: 'put_the_question', payload: {} };
    await refusedButByTheChair(put);
    const putByChair = await withPasskey(app, chair, BENCH_API.chairAct.path, put);
    expect(putByChair.body).toMatchObject({
      ok: true,
      event: { actor: 'chair', person: { id: chair.id, name: 'Adaeze Okafor' }, type: 'put_the_question' },
    });

    // Ruling on a point of order.
    await post(BENCH_API.startOver.path, { point: 'tangle' });
    const raised = await append((await read()).head, 'raise_point_of_order', {
      concern: 'Not germane.',
      raisedBy: 'H',
    });
    const rule = { after: String(raised.body['head']), type: 'record_chair_ruling', payload: ruling };
    await refusedButByTheChair(rule);
    // What the passkey signs is the act's canonical text; an assertion over it makes no other act.
    const proposed = await postAs(app, chair, BENCH_API.chairActOptions.path, rule);
    const statement = proposed.body['statement'] as { subject: string; act: string; by: string };
    expect(statement).toMatchObject({ act: 'chair_act', by: chair.id });
    expect(JSON.parse(statement.subject)).toEqual({
      meeting: expect.any(Number),
      after: rule.after,
      act: 'record_chair_ruling',
      payload: ruling,
    });
    const challenge = (proposed.body['options'] as { challenge: string }).challenge;
    const other = await postAs(app, chair, BENCH_API.chairAct.path, {
      ...rule,
      payload: { ...ruling, rationale: 'Something the chair never said.' },
      response: chair.passkey.assert(challenge, ORIGIN, new URL(ORIGIN).hostname),
    });
    expect(other).toMatchObject({ status: 403, body: { ok: false, code: 'CHAIR_ACT_MISMATCH' } });
    expect((await read()).head).toBe(rule.after);
    const ruled = await withPasskey(app, chair, BENCH_API.chairAct.path, rule);
    expect(ruled.body).toMatchObject({ ok: true, event: { actor: 'chair', person: { id: chair.id } } });
  });

  it('a page of another origin is refused before anything is read', async () => {
    const response = await app.request(BENCH_API.append.path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: SITES.desk.origin, cookie: clerk.cookie },
      body: JSON.stringify({ after: GENESIS, type: 'set_members_present', by: 'agent', payload: { present: 7 } }),
    });
    expect(response.status).toBe(403);
    expect((await read()).events).toEqual([]);
  });
});

describe('two bench server processes over one PostgreSQL database', () => {
  const url = inject('postgresUrl');
  let dbs: Database[];
  let servers: SiteServer[];
  let apps: Hono[];
  let clerk: TestPerson;

  beforeEach(async () => {
    const schema = freshName();
    dbs = [];
    servers = [];
    apps = [];
    // One after the other: the first migrates the schema, the second finds it migrated.
    for (let i = 0; i < 2; i += 1) {
      const db = await openPostgresDatabase({ url, schema });
      const server = await openServer(db);
      dbs.push(db);
      servers.push(server);
      apps.push(siteApp({ site: SITES.bench, distDir: null, routes: (routes) => server.routes(routes) }));
    }
    // Signed in through one process: the session is the database's, so the other knows it too.
    clerk = await enrolClerk(apps[0] as Hono, dbs[0] as Database);
  });
  afterEach(async () => {
    for (const server of servers) await server.close();
    for (const db of dbs) await db.close();
  });

  it('keep one record: an act through one is heard live by a page following the other, and one of two at one head lands', async () => {
    const [one, other] = apps as [Hono, Hono];
    const events = await other.request(BENCH_API.meetingEvents.path);
    const reader = (events.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let heard = '';
    const hear = async (pattern: RegExp): Promise<void> => {
      while (!pattern.test(heard)) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`The stream ended before ${pattern}: ${heard}`);
        heard += decoder.decode(value);
      }
    };
    await hear(new RegExp(`data: 1:0:${GENESIS}`));
    const post = (app: Hono, body: unknown) =>
      app.request(BENCH_API.append.path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: ORIGIN, cookie: clerk.cookie },
        body: JSON.stringify(body),
      });
    const entry = { after: GENESIS, type: 'set_members_present', by: 'person', payload: { present: 7 } };
    const answers = await Promise.all([post(one, entry), post(other, entry)]);
    const bodies = (await Promise.all(answers.map((answer) => answer.json()))) as Answer[];
    expect(bodies.filter((body) => body['ok'] === true)).toHaveLength(1);
    expect(bodies.filter((body) => body['code'] === 'STALE_TAB')).toHaveLength(1);
    const written = bodies.find((body) => body['ok'] === true) as { head: string };
    await hear(new RegExp(`data: 1:1:${written.head}`));
    await reader.cancel();
  });
});

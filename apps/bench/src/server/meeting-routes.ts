// The bench's routes over its record (meeting-book.ts), each registered from its declaration in
// ../api/bench-api.ts. Reads are open to every page. Every state-changing route passes the site's
// request guard first (its own origin, a bounded JSON body), then asks for a signed-in person of
// the bench (SIGN_IN_REQUIRED otherwise), and only then reads its body against its schema. Who an
// entry is recorded as is decided here from the session and the act (entry-author.ts). The chair's
// acts are asked for as a statement first (the act's canonical text, chair-act-subject.ts), and
// made only with the chair's passkey assertion over it, verified in the transaction that records
// the act, on a record that still makes the same statement.
import type { Context, Hono } from 'hono';
import type { Person, SitePeople } from '@warrant/people';
import { isReply, refused, serve, type Reply } from '@warrant/site-api/serve';
import { changeStream } from '@warrant/site-server';
import { isError, refusal } from '@warrant/surface';
import type { ChairActProposed, VoteProposed } from '../api/answers.ts';
import { BENCH_API } from '../api/bench-api.ts';
import { chairActSubject } from './chair-act-subject.ts';
import { entryAuthor, memberActor, onRecord } from './entry-author.ts';
import type { Payloads } from '../domain/state.ts';
import type { MeetingBook } from './meeting-book.ts';
import { voteSubject } from './vote-subject.ts';

export function meetingRoutes(app: Hono, book: MeetingBook, people: SitePeople): void {
  const signInRequired = (c: Context) => refused(c, people.words.signInRequired, 401);
  const notTheChair = (c: Context, person: Person) =>
    refused(
      c,
      refusal(
        'CHAIR_ONLY',
        `Only the chair puts the question, rules on a point of order or declares a result, with their own passkey; ${person.name} is signed in here as the ${person.role ?? 'person'}. Nothing was recorded.`,
      ),
      403,
    );
  const notAMember = (c: Context, person: Person) =>
    refused(
      c,
      refusal(
        'MEMBERS_ONLY',
        `Only a member of the board marks themself present or votes, from their own page; ${person.name} is signed in here as the ${person.role ?? 'person'}. Nothing was recorded.`,
      ),
      403,
    );
  /** Refused for its body (400), or for where the meeting stands (409). */
  const statusOf = (code: string) => (code === 'INVALID_INPUT' ? 400 : 409);

  serve(app, BENCH_API.meeting, async (_c, { reply }) => reply(await book.read()));

  app.get(BENCH_API.meetingEvents.path, (c) => changeStream(c, book.feed));

  serve(app, BENCH_API.append, async (c, { reply, input }) => {
    const person = await people.current(c);
    if (!person) return signInRequired(c);
    const asked = await input();
    if (isReply(asked)) return asked;
    const author = entryAuthor(asked.type, asked.by, person);
    if (isError(author)) return refused(c, author, 403);
    const written = await book.append(asked, author);
    return isError(written) ? refused(c, written, statusOf(written.code)) : reply(written);
  });

  serve(app, BENCH_API.chairActOptions, async (c, { input }) => {
    const person = await people.current(c);
    if (!person) return signInRequired(c);
    const asked = await input();
    if (isReply(asked)) return asked;
    if (person.role !== 'chair') return notTheChair(c, person);
    const judged = await book.judge({ ...asked, by: 'person' });
    if (isError(judged)) return refused(c, judged, statusOf(judged.code));
    // The people kit answers the statement as a proposed act: the route's declared answer.
    return (await people.propose(
      c,
      person,
      'chair_act',
      chairActSubject(judged.meeting, asked),
    )) as Reply<ChairActProposed>;
  });

  serve(app, BENCH_API.chairAct, async (c, { reply, input }) => {
    const person = await people.current(c);
    if (!person) return signInRequired(c);
    const asked = await input();
    if (isReply(asked)) return asked;
    if (person.role !== 'chair') return notTheChair(c, person);
    const { response, ...act } = asked;
    let passkeyRefused = false;
    const written = await book.append(
      { ...act, by: 'person' },
      { actor: 'chair', person: onRecord(person) },
      async (tx, meeting) => {
        const confirmed = await people.confirm(tx, 'chair_act', response, person);
        passkeyRefused = !confirmed.ok || confirmed.statement.subject !== chairActSubject(meeting, act);
        if (!confirmed.ok) return confirmed;
        return !passkeyRefused
          ? null
          : refusal(
              'CHAIR_ACT_MISMATCH',
              "The chair's passkey confirmed another act, or this one on another record. Nothing was recorded: confirm what is asked now.",
            );
      },
    );
    if (!isError(written)) return reply(written);
    return refused(c, written, passkeyRefused ? 403 : statusOf(written.code));
  });

  // A member's own page marks that member present: the person is the session's, never the body's.
  serve(app, BENCH_API.attendance, async (c, { reply, input }) => {
    const person = await people.current(c);
    if (!person) return signInRequired(c);
    const asked = await input();
    if (isReply(asked)) return asked;
    const actor = memberActor(person);
    if (actor === null) return notAMember(c, person);
    const written = await book.append(
      { after: null, type: 'mark_present', by: 'person', payload: {} },
      { actor, person: onRecord(person) },
    );
    return isError(written) ? refused(c, written, statusOf(written.code)) : reply(written);
  });

  // A member's vote: the statement names the question put now (its digest) and the choice, for the
  // member's own passkey; the vote is recorded only if, as it is written, that passkey's assertion
  // verifies over a statement of this very vote on the question still put.
  serve(app, BENCH_API.voteOptions, async (c, { input }) => {
    const person = await people.current(c);
    if (!person) return signInRequired(c);
    const asked = await input();
    if (isReply(asked)) return asked;
    if (memberActor(person) === null) return notAMember(c, person);
    const judged = await book.judge(
      { after: null, type: 'cast_vote', by: 'person', payload: { choice: asked.choice } },
      onRecord(person),
    );
    if (isError(judged)) return refused(c, judged, statusOf(judged.code));
    const vote = judged.payload as Payloads['cast_vote'];
    return (await people.propose(c, person, 'vote', voteSubject(judged.meeting, vote))) as Reply<VoteProposed>;
  });

  serve(app, BENCH_API.vote, async (c, { reply, input }) => {
    const person = await people.current(c);
    if (!person) return signInRequired(c);
    const asked = await input();
    if (isReply(asked)) return asked;
    const actor = memberActor(person);
    if (actor === null) return notAMember(c, person);
    let passkeyRefused = false;
    const written = await book.append(
      { after: null, type: 'cast_vote', by: 'person', payload: { choice: asked.choice } },
      { actor, person: onRecord(person) },
      async (tx, meeting, payload) => {
        const confirmed = await people.confirm(tx, 'vote', asked.response, person);
        passkeyRefused =
          !confirmed.ok || confirmed.statement.subject !== voteSubject(meeting, payload as Payloads['cast_vote']);
        if (!confirmed.ok) return confirmed;
        return !passkeyRefused
          ? null
          : refusal(
              'VOTE_MISMATCH',
              'Your passkey confirmed another vote, or a vote on another question. Nothing was recorded: vote again on the question put now.',
            );
      },
    );
    if (!isError(written)) return reply(written);
    return refused(c, written, passkeyRefused ? 403 : statusOf(written.code));
  });

  // A new meeting: whoever starts it names the bylaws it is held under in its first entry.
  serve(app, BENCH_API.startOver, async (c, { reply, input }) => {
    const person = await people.current(c);
    if (!person) return signInRequired(c);
    const asked = await input();
    if (isReply(asked)) return asked;
    const author = { actor: memberActor(person) ?? 'clerk', person: onRecord(person) } as const;
    const started = await book.startOver(asked.point, author, asked.bylaws);
    if (!isError(started)) return reply(started);
    return refused(c, started, started.code === 'UNKNOWN_BYLAWS' ? 400 : 409);
  });

  serve(app, BENCH_API.head, async (c, { reply }) => {
    const head = await book.head();
    return isError(head) ? refused(c, head, 409) : reply(head);
  });

  serve(app, BENCH_API.archives, async (_c, { reply }) => reply(await book.archives()));

  serve(app, BENCH_API.archive, async (c, { reply }) => {
    const raw = c.req.param('id');
    if (!/^[1-9]\d{0,8}$/.test(raw))
      return refused(c, refusal('MALFORMED_REQUEST', 'An archive is named by its number.', { id: raw }), 400);
    const found = await book.archive(Number(raw));
    return isError(found) ? refused(c, found, 404) : reply(found);
  });
}

// The bench's routes over its record (meeting-book.ts), each registered from its declaration in
// ../api/bench-api.ts. Reads are open to every page. Every state-changing route passes the site's
// request guard first (its own origin, a bounded JSON body), then asks for a signed-in person of
// the bench (SIGN_IN_REQUIRED otherwise), and only then reads its body against its schema. Who an
// entry is recorded as is decided here from the session and the act (entry-author.ts).
import type { Context, Hono } from 'hono';
import type { SitePeople } from '@warrant/people';
import { isReply, refused, serve } from '@warrant/site-api/serve';
import { changeStream } from '@warrant/site-server';
import { isError, refusal } from '@warrant/surface';
import { BENCH_API } from '../api/bench-api.ts';
import { entryAuthor } from './entry-author.ts';
import type { MeetingBook } from './meeting-book.ts';

export function meetingRoutes(app: Hono, book: MeetingBook, people: SitePeople): void {
  const signInRequired = (c: Context) => refused(c, people.words.signInRequired, 401);

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
    return isError(written) ? refused(c, written, written.code === 'INVALID_INPUT' ? 400 : 409) : reply(written);
  });

  serve(app, BENCH_API.startOver, async (c, { reply, input }) => {
    if (!(await people.current(c))) return signInRequired(c);
    const asked = await input();
    if (isReply(asked)) return asked;
    const started = await book.startOver(asked.point);
    return isError(started) ? refused(c, started, 409) : reply(started);
  });

  serve(app, BENCH_API.head, async (_c, { reply }) => reply(await book.head()));

  serve(app, BENCH_API.archives, async (_c, { reply }) => reply(await book.archives()));

  serve(app, BENCH_API.archive, async (c, { reply }) => {
    const raw = c.req.param('id');
    if (!/^[1-9]\d{0,8}$/.test(raw))
      return refused(c, refusal('MALFORMED_REQUEST', 'An archive is named by its number.', { id: raw }), 400);
    const found = await book.archive(Number(raw));
    return isError(found) ? refused(c, found, 404) : reply(found);
  });
}

// The bench's routes over its record (meeting-book.ts), each registered from its declaration in
// ../api/bench-api.ts. Every state-changing route passes the site's request guard first (its own
// origin, a bounded JSON body); its body is checked against its schema before it is read.
import type { Hono } from 'hono';
import { isReply, refused, serve } from '@warrant/site-api/serve';
import { changeStream } from '@warrant/site-server';
import { isError, refusal } from '@warrant/surface';
import { BENCH_API } from '../api/bench-api.ts';
import type { MeetingBook } from './meeting-book.ts';

export function meetingRoutes(app: Hono, book: MeetingBook): void {
  serve(app, BENCH_API.meeting, async (_c, { reply }) => reply(await book.read()));

  app.get(BENCH_API.meetingEvents.path, (c) => changeStream(c, book.feed));

  serve(app, BENCH_API.append, async (c, { reply, input }) => {
    const asked = await input();
    if (isReply(asked)) return asked;
    const written = await book.append(asked);
    return isError(written) ? refused(c, written, written.code === 'INVALID_INPUT' ? 400 : 409) : reply(written);
  });

  serve(app, BENCH_API.startOver, async (c, { reply, input }) => {
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

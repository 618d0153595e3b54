// Live updates to a site's pages as Server-Sent Events: a page opens one stream and hears a
// `changed` event with the log's new position whenever the site's database changes, from any
// server process (PostgreSQL's NOTIFY reaches every process listening on the site's schema).
import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';

// A comment line now and then keeps proxies and the browser from closing an idle stream.
const KEEP_ALIVE_MS = 15_000;

export interface ChangeFeed {
  /** Calls `listener` on every change; answers the unsubscribe. */
  subscribe(listener: (position: string) => void): () => void;
  /** Where the record stands now, sent first so a page that missed a change catches up. */
  position(): Promise<string>;
}

export function changeStream(c: Context, feed: ChangeFeed) {
  return streamSSE(c, async (stream) => {
    let queue = Promise.resolve();
    const send = (position: string): void => {
      queue = queue.then(() => stream.writeSSE({ event: 'changed', data: position })).catch(() => undefined);
    };
    const unsubscribe = feed.subscribe(send);
    stream.onAbort(unsubscribe);
    send(await feed.position());
    while (!stream.aborted && !stream.closed) {
      await stream.sleep(KEEP_ALIVE_MS);
      if (!stream.aborted) await stream.write(': keep-alive\n\n').catch(() => undefined);
    }
    unsubscribe();
  });
}

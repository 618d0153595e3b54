// A page that reads its server's record again whenever it hears of a change. Two reads at once
// are wasted work, but merging a request into a read already under way loses it: that read may
// have left before the change landed. So a request made while a read is under way gets one more
// read after it (requests made meanwhile share that one), and every caller's promise settles only
// after a read that started after it asked.

/** Wraps `read` so that concurrent requests share reads without any request being answered by a read that began before it. */
export function readAgainWhenAsked(read: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | null = null;
  let next: Promise<void> | null = null;
  function start(): Promise<void> {
    running = read().finally(() => {
      running = null;
    });
    return running;
  }
  return function readNow(): Promise<void> {
    if (running === null) return start();
    next ??= running.then(
      () => {
        next = null;
        return start();
      },
      () => {
        next = null;
        return start();
      },
    );
    return next;
  };
}

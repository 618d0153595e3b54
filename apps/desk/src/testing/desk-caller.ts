// What a desk server test calls the server through: a Hono app in the test's own process (its
// `request`), or a desk server in another process over HTTP (overHttp). The test helpers take
// either, so a test of two server processes makes the same calls a test of one app does.

export interface DeskCaller {
  request(path: string, init?: RequestInit): Response | Promise<Response>;
}

/** The desk server at `url` (http://127.0.0.1:<port>), called over HTTP as a browser or another server would. */
export function overHttp(url: string): DeskCaller {
  return { request: (path, init) => fetch(new URL(path, url), init) };
}

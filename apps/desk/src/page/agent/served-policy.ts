// The Content-Security-Policy this page was served with. Its connect-src names the endpoints the
// server was started with (WARRANT_AGENT_ENDPOINTS), which the page's own bundle cannot know, so
// the panel asks its own origin for the page's headers once, and checks and names endpoints by
// what the browser will actually enforce.
import { DESK_CSP } from './endpoint.ts';

let asked: Promise<string> | null = null;

/** The policy of this page's origin; the built-in one (no endpoint of the person's own) if it cannot be read. */
export function servedPolicy(): Promise<string> {
  asked ??= fetch(window.location.pathname, { method: 'HEAD', cache: 'no-store', credentials: 'same-origin' })
    .then((response) => response.headers.get('Content-Security-Policy') ?? '')
    .catch(() => DESK_CSP);
  return asked;
}

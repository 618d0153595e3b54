// How a desk page calls its own server: by a route of the desk's API (desk-api.ts), never by a
// path of its own, and hearing the answer the route declares (which the server is type-checked to
// give) or a refusal. The server decides; the page shows its answers. A Node test's page calls a
// server in process the same way, over another transport.
import { refusal, type ToolRefusal } from '@warrant/surface';
import {
  OVER_FETCH,
  siteCaller,
  type AskSite,
  type SiteAnswer,
  type SiteCall,
  type SiteTransport,
} from '@warrant/site-api';

/** What a call to `R` hears: its declared answer, or a refusal (`{ ok: false, isError: true, code, message, details }`). */
export type DeskAnswer<R> = SiteAnswer<R>;

export type { ServerAnswer } from '@warrant/site-api';

/** What a call to `R` gives: its path's parameters and its body where it has them, its query if wanted. */
export type DeskCall<R> = SiteCall<R>;

/** Calls the desk's server by a route of its API. */
export type AskDesk = AskSite;

/** How a call reaches the server: the JSON it answers, parsed. It throws when it cannot be reached. */
export type DeskTransport = SiteTransport;

const UNREACHABLE =
  "The desk's server cannot be reached, so nothing that needs it (signing in, approving) can happen now. Nothing was changed.";

/**
 * Calls made over `transport`. `unreachable` is the refusal a call hears when the server cannot be
 * reached (a call's own `unreachable` words replace its message).
 */
export function deskCaller(
  transport: DeskTransport,
  unreachable: ToolRefusal = refusal('DESK_SERVER_UNREACHABLE', UNREACHABLE),
): AskDesk {
  return siteCaller(transport, unreachable);
}

export { OVER_FETCH };

/** The page's calls to its own server. */
export const askDesk: AskDesk = deskCaller(OVER_FETCH);

// How the bench's page calls its own server: by a route of the bench's API (bench-api.ts), through
// @warrant/site-api's caller, as every site's page does.
import { OVER_FETCH, siteCaller, type AskSite } from '@warrant/site-api';
import { refusal } from '@warrant/surface';

const UNREACHABLE =
  "The bench's server cannot be reached, so nothing can be recorded now. Nothing was changed; try again when it is back.";

/** The page's calls to its own server. */
export const askBench: AskSite = siteCaller(OVER_FETCH, refusal('BENCH_SERVER_UNREACHABLE', UNREACHABLE));

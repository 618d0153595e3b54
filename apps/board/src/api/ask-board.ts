// How the board's page calls its own server: by a route of the board's API (board-api.ts), through
// @warrant/site-api's caller, as every site's page does.
import { OVER_FETCH, siteCaller, type AskSite } from '@warrant/site-api';
import { serverUnreachable } from '../domain/refusals.ts';

/** The page's calls to its own server. */
export const askBoard: AskSite = siteCaller(OVER_FETCH, serverUnreachable());

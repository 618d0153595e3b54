// @warrant/site-api: a site's API declared once as data (route.ts) and called from its page
// (caller.ts). The server's half, which registers each route from its declaration, is
// '@warrant/site-api/serve' (it needs Hono and the site-server kit; a page never loads it).
export {
  get,
  events,
  browserDocument,
  post,
  postWith,
  pathTo,
  type SiteRoute,
  type InputDeclaration,
  type ParamsOf,
  type AnswerOf,
  type InputOf,
  type QueryOf,
} from './route.ts';
export {
  siteCaller,
  OVER_FETCH,
  type SiteAnswer,
  type ServerAnswer,
  type SiteCall,
  type AskSite,
  type SiteTransport,
} from './caller.ts';

// What one route of the desk's API is: a route of a site's API (@warrant/site-api), which the
// desk, the bench and the board declare their routes with.
export {
  get,
  events,
  browserDocument,
  post,
  postWith,
  pathTo,
  type SiteRoute as DeskRoute,
  type InputDeclaration,
  type ParamsOf,
  type AnswerOf,
  type InputOf,
  type QueryOf,
} from '@warrant/site-api';

// The server's half of the desk's API (../api/desk-api.ts): @warrant/site-api's, as every site's.
export { serve, isReply, type Serving, type RouteHandler } from '@warrant/site-api/serve';

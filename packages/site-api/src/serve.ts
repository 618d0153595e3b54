// @warrant/site-api/serve: the server's half of a site's API (see index.ts).
export { serve, isReply, type Serving, type RouteHandler } from './serve-route.ts';
export { jsonBody, malformed, refused, notModified, MALFORMED_MESSAGE, type Reply, type Body } from './http.ts';

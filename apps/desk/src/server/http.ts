// What every desk route shares with every site's: @warrant/site-api's body reading and refusals.
export {
  jsonBody,
  malformed,
  refused,
  notModified,
  MALFORMED_MESSAGE,
  type Reply,
  type Body,
} from '@warrant/site-api/serve';

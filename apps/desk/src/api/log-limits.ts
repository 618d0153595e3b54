// What the desk's server takes in one append to one of its records: the page gathers no more than
// this into one request, and the server refuses more (src/server/desk-logs.ts).
export const MAX_RECORDS_PER_APPEND = 500;
export const APPEND_BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * The refusals by which the desk's server refuses one record of an append, naming its place in
 * `details.index` (the whole append stored nothing): the page sends the others again without it.
 * The format refuses the row; it is about a request another dispatcher holds; its id was given to
 * another thing; it moves a lease the record holds ended; or, checked before the append, a
 * partner's answer or receipt it carries does not verify under the partner's key, it claims a
 * decision the server did not make, or it is an event only the server writes (server/page-report.ts).
 */
export const ONE_RECORD_REFUSALS: readonly string[] = [
  'INVALID_ROW',
  'INVALID_RECORD',
  'REQUEST_HELD_BY_ANOTHER',
  'ID_TAKEN',
  'LEASE_ENDED',
  'READING_UNVERIFIED',
  'RECEIPT_UNVERIFIED',
  'NOT_DECIDED_BY_SERVER',
  'SERVER_ONLY_EVENT',
];

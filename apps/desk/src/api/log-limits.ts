// What the desk's server takes in one append to one of its records: the page gathers no more than
// this into one request, and the server refuses more (src/server/desk-logs.ts).
export const MAX_RECORDS_PER_APPEND = 500;
export const APPEND_BODY_LIMIT_BYTES = 1024 * 1024;

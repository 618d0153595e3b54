// A member's own acts, asked of the bench's server from their own signed-in page: the server
// decides who (the session's person) and records the entry; this page hears it over the record's
// event stream, as every other page does. Loaded when a member first acts.
import { BENCH_API } from './api/bench-api.ts';
import { askBench } from './api/ask-bench.ts';

/** Marks the person signed in at this page present. */
export const markPresent = () => askBench(BENCH_API.attendance, { body: {} });

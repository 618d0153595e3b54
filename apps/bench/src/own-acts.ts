// A member's own acts (marking present, voting), asked of the bench's server from their own signed-in page: the server
// decides who (the session's person) and records the entry; this page hears it over the record's
// event stream, as every other page does. Loaded when a member first acts.
import { answerWithPasskey } from '@warrant/ui';
import { BENCH_API } from './api/bench-api.ts';
import { askBench } from './api/ask-bench.ts';
import type { Choice } from './domain/member-acts.ts';

/** Marks the person signed in at this page present. */
export const markPresent = () => askBench(BENCH_API.attendance, { body: {} });

/**
 * The member's vote on the question put now, with their passkey: the server states the vote (the
 * question's digest and the choice), this browser's passkey answers, and the server records it.
 */
export const castVote = (choice: Choice) =>
  answerWithPasskey(askBench(BENCH_API.voteOptions, { body: { choice } }), (response) =>
    askBench(BENCH_API.vote, { body: { choice, response: response as Record<string, unknown> } }),
  );

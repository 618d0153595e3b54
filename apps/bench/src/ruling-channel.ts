import { createDecisionChannel, type DecisionChannel, type DecisionChannelOptions } from '@warrant/authority';
import { refusal, type ToolRefusal, type ToolResult } from '@warrant/surface';
import type { Payloads } from './domain/state.ts';
import type { Meeting, Written } from './meeting.ts';

// A ruling is the chair's (RONR §23). An agent that calls record_chair_ruling proposes one: the
// proposal waits at the bench for the chair to confirm or reject it, and that same call answers
// with the chair's decision, through @warrant/authority's decision channel as the board's scope
// expansion does. Every other way the wait ends (the chair does not answer in time, the caller
// gives up, any other act is recorded meanwhile, the page goes away) records nothing.

export type ProposedRuling = Payloads['record_chair_ruling'];

export interface RulingRequest {
  readonly id: string;
  readonly ruling: ProposedRuling;
}

/** What the chair decided: the ruling as recorded, or that there is none. */
export type ChairAnswer = { readonly decision: 'confirmed'; readonly seq: number } | { readonly decision: 'rejected' };

export interface RulingChannel {
  readonly channel: DecisionChannel<RulingRequest, ChairAnswer>;
  /** The agent's side: propose the ruling, and answer with what the chair decided. */
  propose(
    ruling: ProposedRuling,
    call: { readonly signal: AbortSignal; hold(reason: string): () => void },
  ): Promise<ToolResult>;
  /** The chair confirms the waiting proposal: the ruling is recorded as the chair's, and the waiting call hears so. */
  confirm(id: string): Promise<Written | ToolRefusal>;
  /** The chair rejects the waiting proposal: nothing is recorded, and the waiting call hears so. */
  reject(id: string): void;
}

export const RULING_CODES = {
  timeout: 'CHAIR_DID_NOT_RULE',
  aborted: 'RULING_WAIT_ABORTED',
  superseded: 'RULING_SUPERSEDED',
  disposed: 'RULING_CHANNEL_CLOSED',
  busy: 'RULING_AWAITS_CHAIR',
} as const;

/**
 * The channel, following the meeting's record.
 */
export function createRulingChannel(
  meeting: Meeting,
  options: Pick<DecisionChannelOptions<RulingRequest>, 'timeoutMs'> = {},
): RulingChannel {
  const channel = createDecisionChannel<RulingRequest, ChairAnswer>({
    ...options,
    codes: RULING_CODES,
    describe: (request) => ({ ruling: request.ruling.ruling, disposition: request.ruling.disposition }),
  });
  let count = 0;
  let confirming = false;
  // Any change to the record but the confirmation (an act, a checkpoint loaded, another tab's
  // entries) replaces a waiting proposal: the chair would be confirming a ruling on another floor.
  let seen = meeting.events.peek();
  meeting.events.subscribe((events) => {
    if (events === seen) return;
    seen = events;
    if (!confirming) channel.supersede('the record changed before the chair answered');
  });

  return {
    channel,
    async propose(ruling, call) {
      const outcome = await channel.request(
        { id: `ruling-${(count += 1)}`, ruling },
        { signal: call.signal, hold: (reason) => call.hold(reason) },
      );
      if (!outcome.ok) return outcome;
      if (outcome.decision.decision === 'rejected') {
        return {
          ok: true,
          decision: 'rejected',
          recorded: null,
          message:
            'The chair rejected the proposed ruling. Nothing was recorded; business stays where it was. Do not propose it again unless the chair asks.',
        };
      }
      return {
        ok: true,
        decision: 'confirmed',
        recorded: 'record_chair_ruling',
        seq: outcome.decision.seq,
        message:
          'The chair confirmed the ruling, and it is recorded as the chair’s. Read the motion stack to see where business stands now.',
      };
    },
    async confirm(id) {
      const current = channel.snapshot().current;
      if (!current || current.id !== id || current.status !== 'pending') {
        return refusal('NO_RULING_PROPOSED', 'No proposed ruling is waiting for the chair; nothing was recorded.', {
          id,
        });
      }
      // Until its entry is written: the entry as the server makes it (its time, the person who
      // confirmed) replaces the one decided here, and that is this ruling landing, not a change.
      confirming = true;
      const decided = meeting.commit('record_chair_ruling', current.request.ruling, 'chair');
      if (!decided.ok) {
        confirming = false;
        channel.supersede('the ruling is no longer in order');
        return decided;
      }
      const written = await decided.written;
      confirming = false;
      if (!written.ok) {
        channel.supersede('the ruling could not be written');
        return written;
      }
      channel.decide(id, { decision: 'confirmed', seq: decided.event.seq });
      return written;
    },
    reject(id) {
      channel.decide(id, { decision: 'rejected' });
    },
  };
}

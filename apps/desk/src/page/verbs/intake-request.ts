// intake_request: a request joins the shared queue, held by the dispatcher whose page took it in.
// Nothing is leased, nothing reaches a partner. Its number is reserved from the desk's server, so
// two pages taking requests in at once never make one id twice.
import { evaluatePolicy } from '@warrant/broker';
import { refusal } from '@warrant/surface';
import type { DeskRuntime } from '../desk-runtime.ts';
import type { DeskRequest, Need } from '../../domain/request.ts';
import { INTAKE_SCHEMA } from '../../domain/schemas.ts';
import { noted } from './verb-note.ts';
import { verbRow, type VerbRowNeeds } from './verb-row.ts';

export interface IntakeInput {
  readonly people: number;
  readonly needs: readonly Need[];
  readonly place: string;
  readonly deadline: string;
  readonly note?: string;
}

/** What the intakeRequest verb takes of the desk's runtime: no more than it uses. */
export type IntakeRequestNeeds = VerbRowNeeds & Pick<DeskRuntime, 'decide' | 'dispatcher' | 'now' | 'reserve'>;

export function intakeRequestRow(desk: IntakeRequestNeeds) {
  return verbRow<IntakeInput>(desk, {
    name: 'intake_request',
    title: 'Take in a request',
    description:
      "Add a request for help to the desk's shared queue: how many people, what they need (food, bed, ride, cold_storage), where they are, and by when. " +
      'Changes nothing at any partner. Returns { ok, request: { id, people, needs, place, deadline, note }, next }: use request.id with open_lease. Always in order.',
    annotations: { readOnlyHint: false },
    inputSchema: () => INTAKE_SCHEMA,
    async run(input, call) {
      const policy = evaluatePolicy({ actor: call.actor, act: 'intake_request', purpose: 'none', approval: 'none' });
      if (policy.verdict !== 'allow')
        return noted(refusal('POLICY_DENIED', `${policy.why} Nothing was added.`, { rule: policy.rule }), {
          policy: policy.verdict,
        });
      const number = await desk.reserve('request');
      if (!number.ok) return noted(number, { policy: policy.verdict });
      const request: DeskRequest = {
        id: `R-${number.number}`,
        people: input.people,
        needs: [...input.needs],
        place: input.place,
        deadline: input.deadline,
        note: input.note ?? '',
        takenBy: call.actor,
        takenAt: new Date(desk.now()).toISOString(),
        ...(desk.dispatcher ? { heldBy: desk.dispatcher } : {}),
      };
      // Stored before it is answered: with other pages writing at once, caught up and sent again.
      const stored = await desk.decide({ type: 'request_taken', request });
      if (!stored.ok) return noted(stored, { policy: policy.verdict, request: request.id });
      return noted(
        {
          ok: true,
          request,
          message: `Request ${request.id} is in the queue: ${request.people} ${request.people === 1 ? 'person' : 'people'} needing ${request.needs.join(', ')} at ${request.place} by ${request.deadline}.`,
          next: `Open a read_capacity lease on each partner that can help (open_lease with request "${request.id}"), then call find_capacity.`,
        },
        { policy: policy.verdict, request: request.id },
      );
    },
  });
}

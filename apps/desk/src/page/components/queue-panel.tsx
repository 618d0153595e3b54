// A request's place and note are untrusted text (an agent or a person typed them; a request kept
// from an older book may hold characters the schema now refuses): shown inert, every invisible
// character written out as ⟦U+…⟧, as the capacity panel shows partners' notes. Each request says
// who holds it, with their name, and what this dispatcher may do about it (request-holding.tsx).
import { InertText } from '@warrant/ui';
import { requestStatus } from '../../domain/queries.ts';
import type { DeskView } from '../desk-view.ts';
import { RequestHolding } from './request-holding.tsx';
import { ACTOR_WORDS, REQUEST_WORDS } from './wording.ts';

export function QueuePanel({ view }: { view: DeskView }) {
  const state = view.desk.state.value;
  const requests = [...state.requests].reverse();
  return (
    <section class="panel queue" id="queue" aria-labelledby="queue-heading">
      <h2 id="queue-heading">
        Queue · <span id="queue-count">{requests.length}</span>
      </h2>
      {requests.length === 0 ? (
        <p class="muted">No requests yet. An agent takes one in with intake_request, or run the relief scenario.</p>
      ) : (
        <ul class="requests">
          {requests.map((request) => {
            const status = requestStatus(state, request);
            return (
              <li key={request.id} data-request={request.id} data-status={status}>
                <div class="request-head">
                  <strong>
                    {request.people} {request.people === 1 ? 'person' : 'people'}:{' '}
                    {request.needs.join(', ').replaceAll('_', ' ')}
                  </strong>
                  <span class={`pill status-${status}`}>{REQUEST_WORDS[status]}</span>
                </div>
                <div class="request-body">
                  <InertText text={request.place} /> · by {request.deadline.replace('T', ' ')}
                  {request.note ? (
                    <div class="note">
                      <InertText text={request.note} />
                    </div>
                  ) : null}
                </div>
                <RequestHolding view={view} request={request} />
                <small class="fine-print">
                  <code>{request.id}</code> · taken in by {ACTOR_WORDS[request.takenBy].toLowerCase()}
                </small>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

import { InertText } from '@warrant/ui';
import type { BoardApp } from '../board-app.ts';
import { fieldDef } from '../domain/validate.ts';
import { ActNotice } from './act-notice.tsx';

/** The agent's request for a wider frame, and the human's two answers to it. */
export function DecisionCard({ app }: { app: BoardApp }) {
  const state = app.store.state.value;
  const request = state.pendingExpansion;
  if (!request) return <ActNotice app={app} area="decision" />;
  const channel = app.decision.value.current;
  const live = app.human.value !== null;
  const call = channel?.id === request.id ? channel : null;
  const waiting =
    call?.status === 'pending'
      ? 'The agent is waiting on this call right now. Its tools are held as they are until you decide, and your answer goes straight back to it.'
      : call?.endedWith
        ? `The agent stopped waiting (${call.endedWith}). Your decision still applies; the agent sees it when it next inspects the board.`
        : 'No agent is waiting on this request on this page (it was asked on another page, or before a reload). Your decision still applies, and reaches the agent wherever it waits.';
  const decide = (decision: 'approve' | 'deny') =>
    app.act('decision', (human) => human.decideExpansion(decision), request.id);
  return (
    <section class="panel decision" aria-labelledby="decision-title" data-request-id={request.id}>
      <p class="eyebrow">Your decision</p>
      <h2 id="decision-title">The agent is asking for a wider frame</h2>
      <dl class="decision-facts">
        <dt>Fields</dt>
        <dd class="decision-fields">
          {request.fields.map((id) => (
            <span key={id} class="tag tag-requested" data-field={id}>
              {fieldDef(id)?.label ?? id}
            </span>
          ))}
        </dd>
        <dt>Reason</dt>
        <dd>
          <blockquote class="decision-reason">
            <InertText text={request.reason} />
          </blockquote>
        </dd>
        <dt>Asked under</dt>
        <dd>scope v{request.basedOnScopeVersion}</dd>
      </dl>
      <p class={`wait-status${call?.status === 'pending' ? ' is-waiting' : ''}`}>{waiting}</p>
      <div class="actions">
        <button type="button" class="primary" disabled={!live} onClick={() => decide('approve')}>
          Expand scope
        </button>
        <button type="button" disabled={!live} onClick={() => decide('deny')}>
          Keep current scope
        </button>
      </div>
      <ActNotice app={app} area="decision" subject={request.id} />
    </section>
  );
}

import { useState } from 'preact/hooks';
import { HIDDEN_MARK, revealInvisible } from '@warrant/ui';
import type { Approval } from '@warrant/broker';
import { cardStatement } from '../consent/card-statement.ts';
import { findPlan, findRequest } from '../../domain/queries.ts';
import type { DeskView } from '../desk-view.ts';
import { ApproveElsewhere } from './approve-elsewhere.tsx';
import { planStepInWords } from '../../domain/plan-in-words.ts';
import { runPill, runWords, stoppedAt } from './run-words.ts';
import { ACTOR_WORDS, clockTime, duration, STEP_WORDS } from './wording.ts';

const STATUS = {
  pending: 'Waiting for you',
  approved: 'Approved, running',
  used: 'Run ended',
  rejected: 'Rejected',
  void: 'Void',
  expired: 'Expired',
} as const satisfies Record<Approval['status'], string>;

export function ApprovalCard({
  view,
  approval,
  highlighted,
}: {
  view: DeskView;
  approval: Approval;
  highlighted: boolean;
}) {
  const [answer, setAnswer] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const state = view.desk.state.value;
  const plan = findPlan(state, approval.plan);
  const request = findRequest(state, approval.request);
  const run = state.runs.find((candidate) => candidate.approval === approval.id);
  const pending = approval.status === 'pending';
  // Another dispatcher's request: its approval is theirs to decide (the page and the server refuse it here).
  const heldBy = request?.heldBy && request.heldBy.id !== view.desk.dispatcher?.id ? request.heldBy : null;
  // A run that failed or was undone may be tried again from its own card, once: a later approval
  // of the plan is where the person decides next.
  const retryable =
    (run?.status === 'failed' || run?.status === 'undone') &&
    !view.desk.gate.list().some((other) => other.plan === approval.plan && other.raisedAt > approval.raisedAt);
  const stoppedBy = run ? stoppedAt(run) : null;
  const left = (approval.expiresAt - view.now.value) / 1000;
  const shown = revealInvisible(approval.canonical);
  const signed = cardStatement(approval);
  const act = async (
    work: () => Promise<{ ok: boolean; message?: string }> | { ok: boolean; message?: string },
  ): Promise<void> => {
    setBusy(true);
    const result = await work();
    setBusy(false);
    setAnswer(result.ok ? null : (result.message ?? 'Refused.'));
  };
  return (
    <article
      class={`approval status-${approval.status}${highlighted ? ' highlight' : ''}`}
      id={`approval-${approval.id}`}
      data-approval={approval.id}
      data-request={approval.request}
      data-status={approval.status}
      aria-labelledby={`approval-${approval.id}-title`}
    >
      <div class="section-head">
        <h3 id={`approval-${approval.id}-title`} class="approval-title" tabIndex={-1}>
          {approval.label} {/* Once approved, the pill is the run's outcome as the desk's server recorded it. */}
          <span class={`pill approval-${approval.status}`} data-outcome={run?.status}>
            {run && (approval.status === 'approved' || approval.status === 'used')
              ? runPill(run)
              : STATUS[approval.status]}
          </span>
        </h3>
        {pending ? (
          <span class="countdown" data-seconds-left={Math.max(0, Math.ceil(left))}>
            expires in {duration(left)}
          </span>
        ) : null}
      </div>
      {highlighted ? (
        <p class="callout">
          The relief scenario has stopped here. Nothing has been written at any partner. Read the plan, then approve or
          reject it.
        </p>
      ) : null}
      <p class="small">
        For{' '}
        {request
          ? `${request.people} ${request.people === 1 ? 'person' : 'people'} at ${request.place}`
          : approval.request}
        . Drafted by {plan ? ACTOR_WORDS[plan.draftedBy].toLowerCase() : 'unknown'}, raised by{' '}
        {ACTOR_WORDS[approval.raisedBy].toLowerCase()} at {clockTime(approval.raisedAt)}.
      </p>
      {plan ? (
        <ol class="plan-steps">
          {plan.steps.map((step, index) => {
            const outcome = run?.steps[index];
            return (
              <li key={index} data-step={index} data-state={outcome?.status ?? 'planned'}>
                {planStepInWords(step)}
                {outcome ? (
                  <span class={`step-state state-${outcome.status}`}>
                    {' '}
                    — {STEP_WORDS[outcome.status]}
                    {outcome.receipt ? <small class="fine-print"> receipt {outcome.receipt}</small> : null}
                    {outcome.undoReceipt ? <small class="fine-print"> undo receipt {outcome.undoReceipt}</small> : null}
                  </span>
                ) : null}
                {outcome?.problem ? <div class="step-problem">{outcome.problem}</div> : null}
              </li>
            );
          })}
        </ol>
      ) : null}
      {/* Closed until asked for: the raw bytes are for checking, not the first thing a person reads. */}
      <details class="canonical">
        <summary>
          Exactly what was hashed
          {shown.hidden > 0
            ? ` (${shown.hidden} invisible character${shown.hidden === 1 ? '' : 's'} shown as ${HIDDEN_MARK})`
            : ''}
        </summary>
        <pre
          class="canonical-bytes"
          data-inert="true"
          tabIndex={0}
          aria-label="The canonical JSON of the plan, as hashed"
        >
          {shown.text}
        </pre>
        <p class="digest">
          SHA-256 <code class="digest-value">{approval.digest}</code>
        </p>
      </details>
      <details class="canonical statement">
        <summary>What your passkey signs</summary>
        <p class="small">
          This approval, the plan's digest above, when it expires and this desk's address. Your passkey signs the
          SHA-256 of exactly these bytes; each partner checks that signature before it writes.
        </p>
        <pre
          class="statement-bytes"
          data-inert="true"
          tabIndex={0}
          aria-label="The canonical JSON of the approval statement your passkey signs"
        >
          {signed.bytes}
        </pre>
        <p class="digest">
          Challenge (SHA-256, base64url) <code class="challenge-value">{signed.challenge}</code>
        </p>
      </details>
      {approval.reason && !pending ? <p class="reason">{approval.reason}</p> : null}
      {run ? (
        <p class="run-status" data-run={run.status}>
          {runWords(run)}
        </p>
      ) : null}
      {retryable ? (
        <div class="actions try-again">
          <p class="small">
            {stoppedBy ? `When ${stoppedBy} is back, try` : 'Try'} the same plan again: a new approval, which you
            approve with your passkey again. Or ask the agent to draft another plan.
          </p>
          <button
            type="button"
            class="primary try-again"
            disabled={busy || view.readOnly !== null || heldBy !== null}
            onClick={(event) => {
              if (!event.isTrusted) return;
              // The new approval is brought to the person as any waiting approval is (bring-to-view.ts).
              void act(() => view.acts.tryAgain(approval.id));
            }}
          >
            Try again
          </button>
        </div>
      ) : null}
      {pending ? (
        <div class="actions">
          <button
            type="button"
            class="primary approve"
            disabled={busy || view.readOnly !== null || heldBy !== null}
            onClick={(event) => {
              // A script's synthetic click is not a person; it still approves nothing without the passkey.
              if (event.isTrusted) void act(() => view.acts.approve(approval.id));
            }}
          >
            Approve with your passkey and run
          </button>
          <button
            type="button"
            class="danger reject"
            disabled={busy || view.readOnly !== null || heldBy !== null}
            onClick={(event) => {
              if (event.isTrusted) void act(() => view.acts.reject(approval.id));
            }}
          >
            Reject
          </button>
        </div>
      ) : null}
      {heldBy && pending ? (
        <p class="held-elsewhere">
          {approval.request} is held by {heldBy.name}: only they decide its approval.
        </p>
      ) : null}
      <ApproveElsewhere view={view} approval={approval} />
      {answer ? (
        <p class="act-answer" role="alert">
          {answer}
        </p>
      ) : null}
      <small class="fine-print">
        <code>{approval.id}</code> · plan <code>{approval.plan}</code> · request <code>{approval.request}</code>
      </small>
    </article>
  );
}

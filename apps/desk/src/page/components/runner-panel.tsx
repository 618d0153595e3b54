import { RELIEF_SCENARIO } from '../scenario/relief-scenario.ts';
import type { DeskView } from '../desk-view.ts';
import { ApprovalLink, waitingApprovals } from './approval-waiting.tsx';

const STATUS_WORDS = {
  idle: 'Not started.',
  running: 'Running the declared steps…',
  awaiting_approval: 'Halted at the approval. Nothing has been written at any partner: a person decides.',
  finishing: 'Decided. Closing the leases…',
  done: 'Done. Every hop is on the ledger.',
  stopped: 'Stopped.',
} as const;

export function RunnerPanel({ view }: { view: DeskView }) {
  const runner = view.runner.view.value;
  const busy = runner.status === 'running' || runner.status === 'awaiting_approval' || runner.status === 'finishing';
  const done = new Map(runner.entries.map((entry) => [entry.step, entry]));
  // An approval can wait while the runner is not at it: after a reload at the halt, or one the agent raised.
  const waiting = runner.status === 'awaiting_approval' ? undefined : waitingApprovals(view)[0];
  const goToApproval = (): void => {
    const card = document.getElementById(`approval-${runner.approval ?? ''}`);
    card?.scrollIntoView({ block: 'center' });
    (card?.querySelector('button.approve') as HTMLButtonElement | null)?.focus();
  };
  return (
    <section class="panel runner" id="runner" aria-labelledby="runner-heading" data-status={runner.status}>
      <div class="section-head">
        <h2 id="runner-heading">Relief scenario</h2>
        <div class="actions">
          <button
            type="button"
            class="primary"
            id="run-scenario"
            disabled={busy || view.readOnly !== null}
            onClick={() => void view.runner.start()}
          >
            Run the relief scenario
          </button>
          {busy ? (
            <button type="button" id="stop-scenario" onClick={() => view.runner.stop()}>
              Stop
            </button>
          ) : null}
        </div>
      </div>
      <p class="hint">
        {RELIEF_SCENARIO.title}. The runner calls the same seven verbs an agent would, as itself, and stops at the
        approval for you.
      </p>
      <ol class="steps" id="runner-steps">
        {RELIEF_SCENARIO.steps.map((step) => {
          const entry = done.get(step.id);
          const state = entry ? (entry.ok ? 'ok' : 'refused') : 'waiting';
          return (
            <li key={step.id} data-step={step.id} data-state={state} class={`step step-${state}`}>
              <span class="step-says">{step.says}</span>
              {entry && !entry.ok ? <span class="step-outcome">{entry.outcome}</span> : null}
              <small class="fine-print">
                <code>{step.verb}</code>
                {entry?.code ? <> · {entry.code}</> : null}
              </small>
            </li>
          );
        })}
      </ol>
      <p class="runner-status" id="runner-status" role="status" data-steps-ms={Math.round(runner.stepsMs)}>
        {waiting && runner.status === 'idle' ? null : STATUS_WORDS[runner.status]}
        {runner.problem ? ` ${runner.problem}` : ''}
        {waiting ? (
          <>
            {runner.status === 'idle' ? '' : ' '}
            <span id="runner-approval-waiting">
              Approval {waiting.id} waits for a person; nothing of it has run.
            </span>{' '}
            <ApprovalLink approval={waiting.id} id="runner-approval-link">
              Go to approval {waiting.id}
            </ApprovalLink>
          </>
        ) : null}
        {runner.status === 'awaiting_approval' && runner.approval ? (
          <>
            {' '}
            <button type="button" class="link" id="go-to-approval" onClick={goToApproval}>
              Go to approval {runner.approval}
            </button>
          </>
        ) : null}
      </p>
    </section>
  );
}

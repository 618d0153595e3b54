// The in-page agent: a person gives a task in plain words, a model works it with the desk's verbs
// (as the agent, meeting every check any caller meets), and the panel lists every verb the model
// chose with what came of it, stopping at the halt. What the model wrote is shown as inert text,
// its invisible characters made visible. Loaded after the desk's first paint (after-paint.ts).
import { useSignal } from '@preact/signals';
import type { Row } from '@warrant/surface';
import { InertText } from '@warrant/ui';
import { useEffect, useMemo, useRef } from 'preact/hooks';
import type { DeskView } from '../desk-view.ts';
import type { DeskState } from '../../domain/state.ts';
import { createAgentSession } from './agent-session.ts';
import { callWords } from './call-words.ts';
import { deskReach } from './desk-reach.ts';
import { GATEWAY_ENDPOINT, ownEndpoint } from './endpoint.ts';
import { reachWords, TO_ADD_AN_ENDPOINT } from './reach-words.ts';
import { servedPolicy } from './served-policy.ts';
import { MAX_STEPS, type TurnView } from './turn.ts';

export interface AgentPanelProps {
  readonly view: DeskView;
  readonly rows: readonly Row<DeskState>[];
}

const TASK_MAX = 1000;
const TO_CONFIGURE =
  "To give it one, start it with WARRANT_GATEWAY_UPSTREAM_URL (your model server's URL, up to /v1) and WARRANT_GATEWAY_MODEL (the model's name) set.";
const WITHOUT_IT = 'The desk works fully without it: run the relief scenario, or point the agent at your own endpoint.';

function statusWords(turn: TurnView, gateway: boolean): string {
  switch (turn.status) {
    case 'running':
      return turn.steps === 0
        ? 'Asking the model…'
        : `Working: ${turn.steps} model step${turn.steps === 1 ? '' : 's'} so far.`;
    case 'halted':
      return `Stopped at the halt: approval ${turn.approval ?? ''} waits for a person. The agent does not continue it, and nothing was written at any partner.`;
    case 'answered':
      return 'The model finished and answered in words (below). It did not reach an approval.';
    case 'stopped':
      return 'Stopped. Nothing after the Stop ran.';
    case 'step_limit':
      return `Stopped after ${MAX_STEPS} model steps without reaching the halt.`;
    case 'model_failed': {
      const problem = turn.problem;
      // Named as gateway/README.md names them: the person who runs the desk can act on it.
      if (gateway && problem?.code === 'NO_MODEL_CONFIGURED')
        return `The desk's model gateway has no model configured, so there is no hosted model to run. ${TO_CONFIGURE} ${WITHOUT_IT}`;
      if (gateway && problem?.code === 'ENDPOINT_UNREACHABLE')
        return `The desk's model gateway did not answer: it is switched off or unreachable. ${WITHOUT_IT}`;
      return `The model could not be asked: ${problem?.message ?? 'no reason given'}`;
    }
  }
}

function goToApproval(approval: string): void {
  const card = document.getElementById(`approval-${approval}`);
  card?.scrollIntoView({ block: 'center' });
  (card?.querySelector('button.approve') as HTMLButtonElement | null)?.focus();
}

export function AgentPanel({ view, rows }: AgentPanelProps) {
  const session = useMemo(
    () =>
      createAgentSession(
        deskReach({
          surface: async () => (view.surface.mount.peek() ?? (await view.surface.ready))?.surface ?? null,
          webmcp: () => view.surface.connection.peek()?.webmcp ?? null,
          rows,
          state: () => view.desk.state.peek(),
        }),
      ),
    [view, rows],
  );
  const useOwn = useSignal(false);
  const url = useSignal('');
  const model = useSignal('');
  const task = useSignal('');
  const problem = useSignal<string | null>(null);
  // The policy this page was served with: it names the endpoints the browser lets it reach.
  const policy = useSignal<string | null>(null);
  useEffect(() => void servedPolicy().then((csp) => (policy.value = csp)), [policy]);
  // The key is read from its password field when a turn starts, and kept nowhere else.
  const keyField = useRef<HTMLInputElement>(null);
  const taskField = useRef<HTMLTextAreaElement>(null);
  useEffect(() => taskField.current?.focus(), []);

  const turn = session.turn.value;
  const running = session.running.value;
  const asked = session.asked.value;
  const readOnly = view.readOnly !== null;

  const run = async (event: Event): Promise<void> => {
    event.preventDefault();
    problem.value = null;
    const words = task.value.trim();
    if (words === '') {
      problem.value = 'Write the task first, in plain words.';
      return;
    }
    const given = { url: url.value, key: keyField.current?.value ?? '', model: model.value };
    // An endpoint the served policy does not name is refused here, before any request to it.
    const chosen = useOwn.value
      ? ownEndpoint(given, await servedPolicy())
      : { ok: true as const, endpoint: GATEWAY_ENDPOINT };
    if (!chosen.ok) {
      problem.value = chosen.message;
      return;
    }
    void session.start(words, chosen.endpoint);
  };

  return (
    <section class="panel agent" id="agent-panel" aria-labelledby="agent-heading" data-status={turn?.status ?? 'idle'}>
      <div class="section-head">
        <h2 id="agent-heading">In-page agent</h2>
      </div>
      <p class="hint">
        A model works your task with the same seven verbs, as the agent: it needs the same leases, meets the same
        policy, and stops at the approval for you.
      </p>
      <fieldset class="agent-endpoint" disabled={running}>
        <legend>Model</legend>
        <label class="choice">
          <input
            type="radio"
            name="agent-endpoint"
            id="agent-use-gateway"
            checked={!useOwn.value}
            onChange={() => (useOwn.value = false)}
          />
          This desk's model gateway (no key needed)
        </label>
        <label class="choice">
          <input
            type="radio"
            name="agent-endpoint"
            id="agent-use-own"
            checked={useOwn.value}
            onChange={() => (useOwn.value = true)}
          />
          Your own endpoint
        </label>
        {useOwn.value ? (
          <div class="agent-own">
            <label>
              Chat completions URL
              <input
                id="agent-endpoint-url"
                type="url"
                inputMode="url"
                maxLength={500}
                placeholder="http://127.0.0.1:8080/v1"
                value={url.value}
                onInput={(event) => (url.value = event.currentTarget.value)}
              />
            </label>
            <label>
              <span>
                Model name <span class="muted">(optional)</span>
              </span>
              <input
                id="agent-model"
                type="text"
                maxLength={128}
                autoComplete="off"
                spellcheck={false}
                value={model.value}
                onInput={(event) => (model.value = event.currentTarget.value)}
              />
            </label>
            <label>
              <span>
                Key <span class="muted">(optional)</span>
              </span>
              <input
                id="agent-key"
                type="password"
                ref={keyField}
                maxLength={512}
                autoComplete="off"
                spellcheck={false}
              />
            </label>
            <p class="hint" id="agent-own-limits">
              It must run on this computer and be named where the desk is served: the desk's Content-Security-Policy
              lets this page connect to nothing else, and you cannot widen it from here.{' '}
              {policy.value === null ? '' : `${reachWords(policy.value)} `}
              {TO_ADD_AN_ENDPOINT} A hosted model is reached through the gateway instead. The key stays in this page's
              memory, goes in the Authorization header to that endpoint only, and is never stored, recorded on the
              ledger or exported.
            </p>
          </div>
        ) : null}
      </fieldset>
      <form class="agent-task" id="agent-task-form" onSubmit={(event) => void run(event)}>
        <label for="agent-task">Task</label>
        <textarea
          id="agent-task"
          ref={taskField}
          rows={3}
          maxLength={TASK_MAX}
          placeholder="find shelter for four people tonight and draft a plan"
          value={task.value}
          onInput={(event) => (task.value = event.currentTarget.value)}
          disabled={running}
        />
        <div class="actions">
          <button type="submit" class="primary" id="agent-run" disabled={running || readOnly}>
            Run the agent
          </button>
          {running ? (
            <button type="button" id="agent-stop" onClick={() => session.stop()}>
              Stop
            </button>
          ) : null}
        </div>
        {!view.desk.state.value.signedIn ? (
          <p class="hint">Sign in to act on requests: the agent acts only for a signed-in dispatcher.</p>
        ) : readOnly ? (
          <p class="hint">This tab is read-only; the agent runs in the tab that acts.</p>
        ) : null}
      </form>
      {problem.value ? (
        <p class="act-answer" role="alert" id="agent-problem">
          {problem.value}
        </p>
      ) : null}
      <p class="agent-status" id="agent-status" role="status">
        {turn ? statusWords(turn, asked?.kind === 'gateway') : ''}
        {turn?.status === 'halted' && turn.approval ? (
          <>
            {' '}
            <button
              type="button"
              class="link"
              id="agent-go-to-approval"
              onClick={() => goToApproval(turn.approval ?? '')}
            >
              Go to approval {turn.approval}
            </button>
          </>
        ) : null}
        {turn?.problem ? (
          <small class="fine-print">
            {' '}
            <code>{turn.problem.code}</code>
            {asked ? <> · {asked.origin}</> : null}
          </small>
        ) : null}
      </p>
      {turn && turn.entries.length > 0 ? (
        <ol class="agent-turn" id="agent-turn" aria-label="What the model did in this turn">
          {turn.entries.map((entry, index) => {
            if (entry.kind === 'said') {
              return (
                <li key={index} class="said" data-said="true">
                  <span class="said-by">The model said:</span> <InertText class="said-text" text={entry.text} />
                </li>
              );
            }
            const words = callWords(entry);
            const code = entry.result.ok
              ? entry.result['status'] === 'awaiting_human_approval'
                ? 'HALTED'
                : 'OK'
              : entry.result.code;
            return (
              <li
                key={index}
                class={`call call-${entry.result.ok ? 'ok' : entry.ran ? 'refused' : 'not-run'}`}
                data-verb={entry.verb}
                data-code={code}
                data-ran={String(entry.ran)}
              >
                <span class="call-asked">{words.asked}</span>
                <span class="call-outcome">{words.outcome}</span>
                <small class="fine-print">
                  step {entry.step} · <code>{entry.verb}</code> · {code}
                </small>
                <details class="call-args">
                  <summary>Arguments the model sent</summary>
                  <pre tabIndex={0}>
                    <InertText text={entry.args} />
                  </pre>
                </details>
              </li>
            );
          })}
        </ol>
      ) : null}
    </section>
  );
}

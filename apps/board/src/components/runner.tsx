import { useRef, useState } from 'preact/hooks';
import type { ToolResult } from '@warrant/surface';
import { InertText } from '@warrant/ui';
import type { BoardApp } from '../board-app.ts';
import { FIELDS, REASON_LENGTH } from '../domain/fields.ts';
import { derive, type BoardState } from '../domain/state.ts';
import { Outcome } from './outcome.tsx';

/**
 * "▷ do this": a person without an agent plays the agent's part. A run calls the tool the way an
 * agent's call comes: through the browser's WebMCP (executeTool), or, where the page has none,
 * through the kernel as the agent (surface.call). It meets every check an agent's call meets, and
 * the board records it as the agent's act. The form offers every field, framed or not, so a
 * person can see an out-of-frame write refused.
 */
export function Runner({ app }: { app: BoardApp }) {
  // The last answer outlives the form: a call can take its own tool out of order (a request that waits).
  const [answer, setAnswer] = useState<ToolResult | null>(null);
  const name = app.runner.value;
  if (!name) return null;
  const { surface } = app;
  const state = app.store.state.value;
  const row = surface.explained.value.find((candidate) => candidate.name === name);
  const unavailable = surface.mode.value === 'unavailable';
  const listed = unavailable ? row?.verdict.legal === true : surface.tools.value.some((tool) => tool.name === name);
  const title = row?.title ?? name;
  return (
    <section class="panel runner" id="runner" aria-labelledby="runner-heading">
      <h2 id="runner-heading">
        ▷ {title} <code>{name}</code>
      </h2>
      <p class="caption">
        You are playing the agent.{' '}
        {unavailable
          ? 'This page has no WebMCP, so Run calls the tool through the kernel as the agent (surface.call): the same checks an agent meets.'
          : "Run calls the tool through the browser's WebMCP (executeTool), the way an agent's call comes: the same checks an agent meets."}{' '}
        The board records it as the agent's act.
      </p>
      {listed ? (
        <RunnerForm app={app} name={name} title={title} state={state} onAnswer={setAnswer} />
      ) : (
        <p class="runner-gone" role="status">
          This tool has left the in-order list{row?.verdict.reason ? `: ${row.verdict.reason}` : '.'} There is nothing
          to call.
        </p>
      )}
      {answer ? (
        <div id="runner-answer">
          <Outcome answer={answer} />
          <details>
            <summary>What the agent got back</summary>
            <pre>
              <InertText text={JSON.stringify(answer, null, 2)} />
            </pre>
          </details>
        </div>
      ) : null}
      <button
        type="button"
        class="quiet"
        aria-label={`Close the runner for ${title}`}
        onClick={() => (app.runner.value = null)}
      >
        Close
      </button>
    </section>
  );
}

/** Calls the tool as an agent would, and answers with what came back, refusals included. */
async function call(
  app: BoardApp,
  name: string,
  input: Record<string, unknown>,
  signal: AbortSignal,
): Promise<ToolResult> {
  const webmcp = app.surface.connection.peek()?.webmcp;
  if (webmcp) {
    const outcome = await webmcp.executeTool(name, input, { signal });
    if (!outcome.ok) return { ok: false, isError: true, code: outcome.code, message: outcome.message, details: {} };
    const value = outcome.value;
    return typeof value === 'object' && value !== null && 'ok' in value ? (value as ToolResult) : { ok: true, value };
  }
  const mounted = app.surface.mount.peek();
  if (!mounted)
    return {
      ok: false,
      isError: true,
      code: 'NOT_READY',
      message: "The agent's side of the page is not up yet. Try again in a moment.",
      details: {},
    };
  return mounted.surface.call(name, input, { caller: 'agent', channel: 'runner', signal });
}

interface FormProps {
  readonly app: BoardApp;
  readonly name: string;
  readonly title: string;
  readonly state: BoardState;
  readonly onAnswer: (answer: ToolResult | null) => void;
}

function RunnerForm({ app, name, title, state, onAnswer }: FormProps) {
  const [running, setRunning] = useState(false);
  const controller = useRef<AbortController | null>(null);
  const bound = name !== 'inspect_workspace' && name !== 'inspect_active_scope';

  const inputFrom = (form: HTMLFormElement): Record<string, unknown> => {
    const data = new FormData(form);
    const input: Record<string, unknown> = {};
    if (bound) input['scopeVersion'] = Number(data.get('scopeVersion'));
    if (name === 'edit_scoped_fields') {
      const updates: Record<string, string> = {};
      for (const field of FIELDS) {
        const value = String(data.get(`field-${field.id}`) ?? '');
        // A framed field goes only if it changed; an unframed one whenever the person typed into it.
        const framed = state.scope.includes(field.id);
        if ((framed && value !== state.fields[field.id]) || (!framed && value !== '')) updates[field.id] = value;
      }
      input['updates'] = updates;
    }
    if (name === 'request_scope_expansion') {
      input['fields'] = data.getAll('fields').map(String);
      input['reason'] = String(data.get('reason') ?? '');
    }
    return input;
  };

  const submit = async (event: SubmitEvent): Promise<void> => {
    event.preventDefault();
    const input = inputFrom(event.currentTarget as HTMLFormElement);
    controller.current = new AbortController();
    setRunning(true);
    onAnswer(null);
    try {
      onAnswer(await call(app, name, input, controller.current.signal));
    } finally {
      setRunning(false);
    }
  };

  return (
    <form class="runner-form" onSubmit={(event) => void submit(event)}>
      {/* Keyed by the board, so the fields start from its values again whenever it changes. */}
      <div class="runner-inputs" key={`${state.generation}:${state.scopeVersion}:${JSON.stringify(state.fields)}`}>
        {bound ? (
          <label class="runner-version">
            Scope version it is bound to
            <input
              type="number"
              name="scopeVersion"
              defaultValue={String(state.scopeVersion)}
              min={0}
              step={1}
              required
            />
          </label>
        ) : null}
        {name === 'edit_scoped_fields'
          ? FIELDS.map((field) => {
              const framed = state.scope.includes(field.id);
              const props = {
                name: `field-${field.id}`,
                defaultValue: framed ? state.fields[field.id] : '',
                placeholder: framed ? '' : 'Not framed: the board will refuse it',
              };
              return (
                <label key={field.id} class={framed ? 'is-framed' : 'is-unframed'}>
                  {field.label}
                  <span class="fine-print">{framed ? ' framed' : ' outside the frame'}</span>
                  {field.kind === 'textarea' ? <textarea rows={3} {...props} /> : <input {...props} />}
                </label>
              );
            })
          : null}
        {name === 'request_scope_expansion' ? (
          <>
            <fieldset>
              <legend>Fields to ask for</legend>
              {derive(state).blocked.map((id) => (
                <label key={id} class="runner-check">
                  <input type="checkbox" name="fields" value={id} />{' '}
                  {FIELDS.find((field) => field.id === id)?.label ?? id}
                </label>
              ))}
            </fieldset>
            <label>
              Why (for the human who decides)
              <textarea name="reason" rows={2} maxLength={REASON_LENGTH.max} />
            </label>
          </>
        ) : null}
      </div>
      <div class="actions">
        <button type="submit" class="primary" disabled={running} aria-label={`Run ${title}`}>
          Run
        </button>
        {running ? (
          <button
            type="button"
            aria-label={`Stop waiting for ${title}`}
            onClick={() => controller.current?.abort('Stopped by the person playing the agent.')}
          >
            Stop
          </button>
        ) : null}
      </div>
      {running && name === 'request_scope_expansion' ? (
        <p class="caption" role="status">
          Waiting for the human: decide in the card “The agent is asking for a wider frame”.
        </p>
      ) : null}
    </form>
  );
}

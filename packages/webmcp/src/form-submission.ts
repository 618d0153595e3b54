// WebMCP extends SubmitEvent: a submission made by an agent says so, and the page answers the
// agent's pending call through respondWith (after preventDefault). Without WebMCP both are absent.

interface AgentSubmitEvent extends SubmitEvent {
  readonly agentInvoked?: boolean;
  respondWith?(response: Promise<unknown> | unknown): void;
}

export function isAgentSubmission(event: SubmitEvent): boolean {
  return (event as AgentSubmitEvent).agentInvoked === true;
}

/** Answers the agent's call with the page's result; call synchronously inside the submit handler. */
export function respondToAgent(event: SubmitEvent, response: Promise<unknown>): void {
  const agentEvent = event as AgentSubmitEvent;
  if (agentEvent.agentInvoked === true && typeof agentEvent.respondWith === 'function')
    agentEvent.respondWith(response);
}

/** The browser's own sign that an agent's call holds the form (native only; the polyfill has no such pseudo-class). */
function heldByAgent(form: HTMLFormElement): boolean {
  try {
    return form.matches(':tool-form-active');
  } catch {
    return false;
  }
}

/**
 * Tells the page when the browser's own validation refused an agent's call to a form that submits
 * itself. Such a call never reaches the submit handler, so the page hears nothing of it, yet the
 * values the agent sent stay in the form for a later call to complete. A person's own submission
 * that fails validation is not reported: their half-typed form is theirs. Returns the unsubscribe.
 */
export function onAgentCallRefusedByForm(form: HTMLFormElement, toolName: string, refused: () => void): () => void {
  const view = form.ownerDocument.defaultView;
  let invalidThisTurn = false;
  let told = false;
  const tell = (): void => {
    if (told) return;
    told = true;
    queueMicrotask(() => {
      told = false;
    });
    refused();
  };
  const onInvalid = (event: Event): void => {
    if (!event.isTrusted || !form.hasAttribute('toolautosubmit')) return;
    // Chromium validates while the agent's call holds the form.
    if (heldByAgent(form)) return tell();
    // The polyfill validates inside its requestSubmit and then, in the same turn, announces the
    // call with a toolactivated event on window.
    invalidThisTurn = true;
    queueMicrotask(() => {
      invalidThisTurn = false;
    });
  };
  const onActivated = (event: Event): void => {
    if (!invalidThisTurn || (event as Event & { toolName?: unknown }).toolName !== toolName) return;
    invalidThisTurn = false;
    tell();
  };
  form.addEventListener('invalid', onInvalid, true);
  view?.addEventListener('toolactivated', onActivated);
  return () => {
    form.removeEventListener('invalid', onInvalid, true);
    view?.removeEventListener('toolactivated', onActivated);
  };
}

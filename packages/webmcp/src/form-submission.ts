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
  if (agentEvent.agentInvoked === true && typeof agentEvent.respondWith === 'function') agentEvent.respondWith(response);
}

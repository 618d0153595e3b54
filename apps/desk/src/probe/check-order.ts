// The six probe checks, in the order they run and are reported. The order is part of the report's
// schema (warrant-probe-v1): the unkeyed check is read against the keyed arm measured before it.

export const CHECK_ORDER = [
  'cross_origin_registration',
  'agent_observation_sees_frame_tools',
  'request_user_interaction_present',
  'execute_tool_argument_shape',
  'unkeyed_document_rejected',
  'tool_unregistration_effective',
] as const;

export type CheckId = (typeof CHECK_ORDER)[number];

/** Each check's question, in plain words, as the page shows it. */
export const CHECK_QUESTIONS: Readonly<Record<CheckId, string>> = {
  cross_origin_registration: 'Can a partner site framed by the desk register a tool the desk can see?',
  agent_observation_sees_frame_tools: "Does a browser agent's view of this page include a framed partner's tools?",
  request_user_interaction_present:
    'Does the platform hand a tool a way to ask the person for confirmation (requestUserInteraction)?',
  execute_tool_argument_shape: 'Does executeTool take its input as an object, as the specification says?',
  unkeyed_document_rejected: 'Does the browser refuse WebMCP in a document that is not origin-keyed?',
  tool_unregistration_effective: 'Once a tool is unregistered, is it gone and impossible to call?',
};

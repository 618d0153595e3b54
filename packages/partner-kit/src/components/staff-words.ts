// A write's message is written for its caller, an agent, and ends by naming the tool that undoes it
// ("To undo: release_beds with hold H-1."). Staff reading the same write on the partner's page
// have no such tool: nothing on this page undoes a desk's write, and the desk undoes its own
// steps when a plan of it stops. So staff are told that, in words, instead of a tool call.

const TOOL_UNDO = /\s*To undo: [a-z_]+ with [a-z_ ]+ \S+?\.?$/;

export const STAFF_UNDO = 'Nothing to press here to undo it: the desk that asked releases it itself if its plan stops.';

/** The message of a served write as staff read it: the agent's "To undo: <tool> …" said for people. */
export function staffMessage(message: string): string {
  return TOOL_UNDO.test(message) ? `${message.replace(TOOL_UNDO, '')} ${STAFF_UNDO}` : message;
}

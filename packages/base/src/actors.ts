// Who acts, in every record Warrant keeps and in every policy question it asks. Data only: an
// actor is added by adding it here, and a record naming anything else does not parse.

export const ACTORS = [
  /** A person at the page's own controls, or approving with their passkey. */
  'human',
  /** A model calling the page's tools: through WebMCP, a bridge, or an in-page agent. */
  'agent',
  /** A scripted runner driving the same tools a person watches (the desk's scenarios). */
  'runner',
  /** The platform's own machinery: frames mounted and removed, leases running out, an approved plan's run. */
  'system',
] as const;
export type Actor = (typeof ACTORS)[number];

/** The actors that call a tool; `system` acts on its own and never calls one. */
export const CALLERS = ACTORS.filter((actor): actor is Exclude<Actor, 'system'> => actor !== 'system');
export type Caller = Exclude<Actor, 'system'>;

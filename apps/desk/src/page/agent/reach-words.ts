// What the agent panel tells a person about where the page may connect: read from the policy the
// page was served with, so the words name the very ports the browser enforces. A person widens it
// only where the desk is served, never from the page.
import { AGENT_ENDPOINTS_SETTING, HOST, LOOPBACK_ADDRESS, SITES } from '@warrant/config';
import { connectLimited, connectOrigins } from './connect-src.ts';

/** How a person adds an endpoint of their own: the one sentence the panel gives wherever it is needed. */
export const TO_ADD_AN_ENDPOINT = `To add one, set ${AGENT_ENDPOINTS_SETTING} where the desk is served (e.g. ${AGENT_ENDPOINTS_SETTING}=http://${LOOPBACK_ADDRESS}:8080 npm start) and restart it.`;

function listed(origins: readonly string[]): string {
  if (origins.length <= 1) return origins.join('');
  return `${origins.slice(0, -1).join(', ')} and ${origins.at(-1) ?? ''}`;
}

/** The endpoints of the person's own the policy names (besides the desk and its gateway). */
export function ownEndpointsIn(csp: string): readonly string[] {
  return connectOrigins(csp).filter((origin) => origin !== SITES.gateway.origin);
}

/** One or two sentences: which model endpoints this page may reach, and nothing else. */
export function reachWords(csp: string): string {
  if (!connectLimited(csp)) return 'This page was served with no limit on where it may connect (no connect-src).';
  const own = ownEndpointsIn(csp);
  const gateway = `the desk's model gateway (${SITES.gateway.origin})`;
  return own.length === 0
    ? `This page may reach ${gateway} and no endpoint of your own: ${AGENT_ENDPOINTS_SETTING} names none.`
    : `This page may reach ${gateway} and your own endpoint${own.length === 1 ? '' : 's'} ${listed(own)}, and nowhere else.`;
}

/** Whether `url` is on this computer, where an endpoint the setting may name runs. */
export function onThisComputer(url: URL): boolean {
  return url.hostname === HOST || url.hostname === LOOPBACK_ADDRESS;
}

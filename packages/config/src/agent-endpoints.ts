import { HOST, LOOPBACK_ADDRESS } from './origins.ts';

// The person's own model endpoints the desk's agent panel may reach, besides the desk's gateway.
// The desk's CSP names each one (and no other port), so the page can reach nothing else; a person
// adds one by setting WARRANT_AGENT_ENDPOINTS where the desk is served and restarting it, never
// from the page. Only servers on this computer: a hosted model is reached through the gateway,
// which holds its key.

export const AGENT_ENDPOINTS_SETTING = 'WARRANT_AGENT_ENDPOINTS';

/** A CSP names each endpoint; a handful is what a person runs, and the header stays short. */
export const MOST_AGENT_ENDPOINTS = 8;
const LOOPBACK_HOSTS: readonly string[] = [HOST, LOOPBACK_ADDRESS];

export interface AgentEndpointsOption {
  /** The origins WARRANT_AGENT_ENDPOINTS names (agentEndpointsFrom): the desk's CSP lets its page connect to them. */
  readonly agentEndpoints?: readonly string[];
}

/**
 * Reads a WARRANT_AGENT_ENDPOINTS value: unset or empty names none; otherwise up to eight origins
 * separated by commas, each http://localhost:<port> or http://127.0.0.1:<port> (a path is allowed
 * and dropped: the CSP names origins). Throws a RangeError whose message is one line a person can
 * act on.
 */
export function agentEndpointsFrom(value: string | undefined): string[] {
  if (value === undefined || value.trim() === '') return [];
  const origins: string[] = [];
  for (const entry of value.split(',').map((part) => part.trim())) {
    const origin = loopbackOrigin(entry);
    if (origin === null) {
      const shown = JSON.stringify(entry.length > 40 ? `${entry.slice(0, 40)}…` : entry);
      throw new RangeError(
        `${AGENT_ENDPOINTS_SETTING} lists the agent panel's own model endpoints on this computer, separated by commas, each http://${HOST}:<port> or http://${LOOPBACK_ADDRESS}:<port> (e.g. http://${LOOPBACK_ADDRESS}:8080), and ${shown} is not one.`,
      );
    }
    if (!origins.includes(origin)) origins.push(origin);
  }
  if (origins.length > MOST_AGENT_ENDPOINTS)
    throw new RangeError(
      `${AGENT_ENDPOINTS_SETTING} names at most ${MOST_AGENT_ENDPOINTS} endpoints, not ${origins.length}.`,
    );
  return origins;
}

function loopbackOrigin(entry: string): string | null {
  // Visible ASCII only, and no longer than a URL needs: anything else is a slip to refuse, and
  // nothing can break out of the CSP source it becomes.
  if (!/^[\x21-\x7e]{1,200}$/.test(entry)) return null;
  let url: URL;
  try {
    url = new URL(entry);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:') return null;
  if (!LOOPBACK_HOSTS.includes(url.hostname) || url.port === '' || url.username !== '' || url.password !== '')
    return null;
  return url.origin;
}

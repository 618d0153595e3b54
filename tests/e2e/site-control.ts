// First, before anything reads an origin: this worker's port base (see server-sets.ts).
import { WORKER_SET } from './server-sets.ts';
import { LOOPBACK_ADDRESS, type SiteName } from '@warrant/config';

// Stopping and starting one site's server of this worker's set, as an operator would stop its
// process: its serve-all was started with --with-test-sites and a control port
// (tools/site-control.ts). Each answers once the site is closed, or serving again.

async function control(site: SiteName, act: 'stop' | 'start'): Promise<void> {
  const url = `http://${LOOPBACK_ADDRESS}:${WORKER_SET.controlPort}/sites/${site}/${act}`;
  const response = await fetch(url, { method: 'POST' });
  const body = (await response.json()) as { ok: boolean; serving?: boolean; message?: string };
  if (!response.ok || !body.ok) throw new Error(`${act} ${site}: ${body.message ?? response.status}`);
  if (body.serving !== (act === 'start'))
    throw new Error(`${act} ${site}: the site is ${body.serving ? 'still serving' : 'not serving'}`);
}

/** A one-time setup link for a site's people, minted as its operator mints one. */
export async function setupLink(site: SiteName): Promise<string> {
  const url = `http://${LOOPBACK_ADDRESS}:${WORKER_SET.controlPort}/sites/${site}/setup-link`;
  const response = await fetch(url, { method: 'POST' });
  const body = (await response.json()) as { ok: boolean; url?: string; message?: string };
  if (!response.ok || !body.ok || !body.url)
    throw new Error(`setup link for ${site}: ${body.message ?? response.status}`);
  return body.url;
}

/**
 * A site's data afresh, as its operator may reset it from the console (a partner's new week, the
 * desk's new book). A page resets only with a person's passkey (partner-staff.spec.ts).
 */
export async function resetSite(site: SiteName): Promise<void> {
  const url = `http://${LOOPBACK_ADDRESS}:${WORKER_SET.controlPort}/sites/${site}/reset`;
  const response = await fetch(url, { method: 'POST' });
  const body = (await response.json()) as { ok: boolean; message?: string };
  if (!response.ok || !body.ok) throw new Error(`reset ${site}: ${body.message ?? response.status}`);
}

export const stopSite = (site: SiteName): Promise<void> => control(site, 'stop');
export const startSite = (site: SiteName): Promise<void> => control(site, 'start');

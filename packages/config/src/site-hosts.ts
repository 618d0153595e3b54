// WARRANT_SITE_HOSTS: the host each site's origin names. By default every site is on `localhost`,
// and a browser counts a site by scheme and registrable domain, not by port: so every origin is one
// site to it, and a partner framed in the desk shares its storage with the partner's own page.
// Deployed on separate domains that is not so: Chromium partitions a third-party frame's storage
// by the top-level site. With `{site}.localhost` each site gets a host of its own
// (http://desk.localhost:5173, http://pantry.localhost:5174, …): still this computer and still a
// secure context over plain http, but a separate site to the browser, as on separate domains.
//
// Only the browser sees these names. Every server still listens on this computer's loopback, and a
// process here reaches a site at its address (origins.ts), never by this host: Node asks the
// system's resolver, which need not know `*.localhost` (this machine's does not).

export const SITE_HOSTS_SETTING = 'WARRANT_SITE_HOSTS';

/** Every site on localhost: one site to the browser (the default). */
export const SHARED_HOST = 'localhost';
/** Each site on a host of its own under localhost: a site of its own to the browser. */
export const OWN_HOSTS = '{site}.localhost';

export type SiteHosts = typeof SHARED_HOST | typeof OWN_HOSTS;

/**
 * Reads a WARRANT_SITE_HOSTS value: unset or empty keeps every site on localhost; otherwise
 * `localhost` or `{site}.localhost` (case and surrounding spaces aside). Nothing else: a host under
 * a longer name (`{site}.warrant.localhost`) would make every site one again, and any other host is
 * not a secure context over plain http. Throws a RangeError whose message is one line a person can
 * act on.
 */
export function siteHostsFrom(value: string | undefined): SiteHosts {
  const given = (value ?? '').trim().toLowerCase();
  if (given === '' || given === SHARED_HOST) return SHARED_HOST;
  if (given === OWN_HOSTS) return OWN_HOSTS;
  const shown = JSON.stringify((value ?? '').length > 40 ? `${(value ?? '').slice(0, 40)}…` : value);
  throw new RangeError(
    `${SITE_HOSTS_SETTING} must be ${SHARED_HOST} (the default: every site on http://${SHARED_HOST}:<port>, one site to the browser) or ${OWN_HOSTS} (each site on a host of its own, e.g. http://desk.localhost:5173, a separate site to the browser as on separate domains), not ${shown}.`,
  );
}

/** A site's name as a host label: lower case, words joined by hyphens (probeUnkeyed: probe-unkeyed). */
export function hostLabelOf(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}

/** The host a site's origin names under `hosts`. */
export function siteHostOf(name: string, hosts: SiteHosts): string {
  return hosts === OWN_HOSTS ? `${hostLabelOf(name)}.${SHARED_HOST}` : SHARED_HOST;
}

/**
 * The hosts a page was served under, read from where it is: its own host is its site's host under
 * one of them. Undefined for a host neither gives it (the insecure test host, 127.0.0.1).
 */
export function siteHostsServing(name: string, hostname: string): SiteHosts | undefined {
  return ([SHARED_HOST, OWN_HOSTS] as const).find((hosts) => siteHostOf(name, hosts) === hostname.toLowerCase());
}

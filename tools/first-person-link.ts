import type { SitePeopleOperator } from '@warrant/site-server';

/**
 * What a server's console says for a site with no person yet (the desk before its first
 * dispatcher): a one-time setup link, printed only there, since whoever reads that console started
 * the server, and only that link enrols the first person. Null once the site has someone.
 * `npm run people -- setup-link <site>` mints another.
 */
export async function firstPersonLink(title: string, people: SitePeopleOperator): Promise<string | null> {
  if (!(await people.needsFirstPerson())) return null;
  const link = await people.setupLink();
  return `${title} has no ${people.noun} yet. Open this link once to enrol the first (it works once, until ${link.expiresAt}):\n  ${link.url}`;
}

// The desk's people in its server tests: a setup link minted as the operator mints one (the same
// code `npm start` and `npm run people` use), and a removal confirmed with the remover's passkey.
import type { SiteServer } from '@warrant/site-server';
import type { SoftwarePasskey } from '@warrant/authority/testing';
import { DESK_API } from '../api/desk-api.ts';
import { pathTo } from '../api/route.ts';

/** The code of a fresh one-time setup link (the `#enrol=` fragment of its URL). */
export async function setupLinkCode(server: SiteServer): Promise<string> {
  if (!server.people) throw new Error('This server keeps no people.');
  return new URL((await server.people.setupLink()).url).hash.replace(/^#enrol=/, '');
}

type Post = (path: string, body: unknown, cookie: string) => Promise<{ readonly [key: string]: unknown }>;

/** Asks to remove `id` as the dispatcher of `cookie`, and confirms it with their `passkey`: the final answer. */
export async function removeWithPasskey(
  post: Post,
  id: string,
  by: { readonly cookie: string; readonly passkey: SoftwarePasskey },
  desk: { readonly origin: string; readonly rpId: string },
): Promise<{ readonly [key: string]: unknown }> {
  const proposed = await post(pathTo(DESK_API.removalOptions, { id }), {}, by.cookie);
  const challenge = (proposed['options'] as { challenge: string } | undefined)?.challenge;
  if (!challenge) return proposed;
  return post(
    pathTo(DESK_API.remove, { id }),
    { response: by.passkey.assert(challenge, desk.origin, desk.rpId) },
    by.cookie,
  );
}

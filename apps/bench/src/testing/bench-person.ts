// A person of the bench for its server's Node tests: enrolled with a software passkey through the
// bench's own people routes, as the page's people bar enrols one, with the session cookie the
// server set for them, to send with the calls their signed-in page makes.
import type { Hono } from 'hono';
import { softwarePasskey, type SoftwarePasskey } from '@warrant/authority/testing';
import { SITES } from '@warrant/config';
import type { Database } from '@warrant/site-server';
import { benchPeopleOperator } from '../server.ts';

export const BENCH_ORIGIN = SITES.bench.origin;
export const BENCH_RP_ID = new URL(BENCH_ORIGIN).hostname;

export interface TestPerson {
  readonly id: string;
  readonly name: string;
  readonly passkey: SoftwarePasskey;
  /** The `cookie` header a request in their session carries. */
  readonly cookie: string;
}

/** The code a link carries in its fragment. */
export const linkCodeOf = (url: string): string => new URL(url).hash.replace(/^#enrol=/, '');

async function post(app: Hono, path: string, body: unknown): Promise<Response> {
  return app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: BENCH_ORIGIN },
    body: JSON.stringify(body),
  });
}

/** Enrols `name` at the bench served through `app` with the one-time link whose code is `link`. */
export async function enrolWithLink(app: Hono, link: string, name: string): Promise<TestPerson> {
  const passkey = softwarePasskey();
  const options = (await (await post(app, '/api/people/enrol/options', { name, link })).json()) as {
    options?: { challenge: string };
  };
  const challenge = options.options?.challenge;
  if (!challenge) throw new Error(`The bench would not start enrolling ${name}: ${JSON.stringify(options)}`);
  const response = await post(app, '/api/people/enrol', {
    response: passkey.register(challenge, BENCH_ORIGIN, BENCH_RP_ID),
  });
  const enrolled = (await response.json()) as { ok: boolean; person?: { id: string; name: string } };
  const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  if (!enrolled.ok || !enrolled.person || !cookie)
    throw new Error(`The bench did not enrol ${name}: ${JSON.stringify(enrolled)}`);
  return { id: enrolled.person.id, name: enrolled.person.name, passkey, cookie };
}

/** Enrols `name` as the bench's clerk, with a setup link its operator minted. */
export async function enrolClerk(app: Hono, db: Database, name = 'Tomasz Wierzbicki'): Promise<TestPerson> {
  return enrolWithLink(app, linkCodeOf((await benchPeopleOperator(db).setupLink()).url), name);
}

/** POSTs `body` to `path` in `person`'s session, with the bench's origin: the status and the answer. */
export async function postAs(
  app: Hono,
  person: TestPerson | null,
  path: string,
  body: unknown,
): Promise<{ readonly status: number; readonly body: { readonly [key: string]: unknown } }> {
  const response = await app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: BENCH_ORIGIN, ...(person ? { cookie: person.cookie } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { [key: string]: unknown } };
}

/** `path`'s statement asked for with `body`, answered by `passkey` (the person's own, unless given). */
export async function withPasskey(
  app: Hono,
  person: TestPerson,
  path: string,
  body: Record<string, unknown>,
  passkey: SoftwarePasskey = person.passkey,
): Promise<{ readonly status: number; readonly body: { readonly [key: string]: unknown } }> {
  const proposed = await postAs(app, person, `${path}/options`, body);
  const challenge = (proposed.body['options'] as { challenge?: string } | undefined)?.challenge;
  if (!challenge) return proposed;
  return postAs(app, person, path, { ...body, response: passkey.assert(challenge, BENCH_ORIGIN, BENCH_RP_ID) });
}

/** The clerk invites `name` as `role` with their passkey, and `name` enrols with the invitation. */
export async function invited(
  app: Hono,
  clerk: TestPerson,
  name: string,
  role: 'chair' | 'member',
): Promise<TestPerson> {
  const answer = await withPasskey(app, clerk, '/api/people/invitations', { name, role });
  const url = (answer.body['invitation'] as { url?: string } | undefined)?.url;
  if (!url) throw new Error(`The clerk could not invite ${name}: ${JSON.stringify(answer.body)}`);
  return enrolWithLink(app, linkCodeOf(url), name);
}

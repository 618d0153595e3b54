// A dispatcher for the desk server's Node tests: enrolled with a software passkey through the
// desk's own routes, as a page enrols one, and the session cookie the server set for them, to send
// with the calls a signed-in dispatcher's page makes.
import type { DeskCaller } from './desk-caller.ts';
import { softwarePasskey, type SoftwarePasskey } from '@warrant/authority/testing';
import { SITES } from '@warrant/config';
import type { SiteServer } from '@warrant/site-server';
import { setupLinkCode } from './desk-people.ts';
import { DESK_API } from '../api/desk-api.ts';

const ORIGIN = SITES.desk.origin;
const RP_ID = new URL(ORIGIN).hostname;

export interface TestDispatcher {
  readonly id: string;
  readonly name: string;
  readonly passkey: SoftwarePasskey;
  /** The `cookie` header a request in their session carries. */
  readonly cookie: string;
}

async function post(app: DeskCaller, path: string, body: unknown): Promise<Response> {
  return app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN },
    body: JSON.stringify(body),
  });
}

/** Enrols `name` at the desk `server` serves through `app`, with a setup link its operator minted. */
export async function enrolTestDispatcher(app: DeskCaller, server: SiteServer, name: string): Promise<TestDispatcher> {
  return enrolWithLink(app, await setupLinkCode(server), name);
}

/** Enrols `name` at the desk served through `app` with the setup link whose code is `link`. */
export async function enrolWithLink(app: DeskCaller, link: string, name: string): Promise<TestDispatcher> {
  const passkey = softwarePasskey();
  const options = (await (await post(app, DESK_API.enrolmentOptions.path, { name, link })).json()) as {
    options?: { challenge: string };
  };
  const challenge = options.options?.challenge;
  if (!challenge) throw new Error(`The desk would not start enrolling ${name}: ${JSON.stringify(options)}`);
  const response = await post(app, DESK_API.enrol.path, { response: passkey.register(challenge, ORIGIN, RP_ID) });
  const enrolled = (await response.json()) as { ok: boolean; dispatcher?: { id: string } };
  const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  if (!enrolled.ok || !enrolled.dispatcher || !cookie)
    throw new Error(`The desk did not enrol ${name}: ${JSON.stringify(enrolled)}`);
  return { id: enrolled.dispatcher.id, name, passkey, cookie };
}

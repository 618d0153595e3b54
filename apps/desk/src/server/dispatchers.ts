// Dispatchers and their passkeys (WebAuthn, user verification required, rpId the desk's host).
// Enrolment is open on the embedded default: anyone at this desk adds themself, by name. With
// WARRANT_DESK_ENROLMENT=invite a signed-in dispatcher must be the one adding the next. Sign-in
// is a passkey ceremony; its session is what the desk's page acts under.
import { randomBytes, randomUUID } from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { Hono } from 'hono';
import { refusal } from '@warrant/surface';
import type { Database, Queryable } from '@warrant/site-server';
import { jsonBody, malformed, nameProblem, refused } from './http.ts';
import { currentDispatcher, endSession, startSession } from './sessions.ts';
import type { DeskIdentity } from './desk-identity.ts';

export type Enrolment = 'open' | 'invite';

/** The challenge a ceremony's client data names (base64url JSON), or null when it does not parse. */
function challengeOf(clientDataJSON: string): string | null {
  try {
    const challenge: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')).challenge;
    return typeof challenge === 'string' ? challenge : null;
  } catch {
    return null;
  }
}

const CEREMONY_MINUTES = 5;

export function enrolmentFrom(env: Readonly<Record<string, string | undefined>>): Enrolment {
  return env['WARRANT_DESK_ENROLMENT'] === 'invite' ? 'invite' : 'open';
}

export function dispatcherRoutes(app: Hono, db: Database, desk: DeskIdentity, enrolment: Enrolment): void {
  app.get('/api/session', async (c) => {
    const dispatcher = await currentDispatcher(c, db);
    const [count] = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM dispatchers WHERE removed_at IS NULL',
    );
    return c.json({ ok: true, dispatcher, enrolment, dispatchers: count?.n ?? 0 });
  });

  app.post('/api/dispatchers/options', async (c) => {
    const body = await jsonBody(c);
    if (!body) return malformed(c);
    const problem = nameProblem(body['name']);
    if (problem)
      return refused(
        c,
        refusal('NAME_INVALID', `That name cannot be used: ${problem}. Nothing was changed.`, { field: 'name' }),
        422,
      );
    if (enrolment === 'invite' && !(await currentDispatcher(c, db))) {
      return refused(
        c,
        refusal(
          'INVITE_REQUIRED',
          'This desk adds dispatchers by invitation: a signed-in dispatcher adds the next one. Nothing was changed.',
        ),
        403,
      );
    }
    const name = String(body['name']).trim();
    const userId = randomBytes(16);
    const options = await generateRegistrationOptions({
      rpName: 'Warrant dispatch desk',
      rpID: desk.rpId,
      userName: name,
      userID: userId,
      attestationType: 'none',
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    await db.query(
      `INSERT INTO webauthn_challenges (challenge, purpose, name, user_id, expires_at) VALUES ($1, 'enrol', $2, $3, now() + interval '${CEREMONY_MINUTES} minutes')`,
      [options.challenge, name, Buffer.from(userId).toString('base64url')],
    );
    return c.json({ ok: true, options });
  });

  app.post('/api/dispatchers', async (c) => {
    const body = await jsonBody(c);
    if (!body || typeof body['response'] !== 'object' || body['response'] === null) return malformed(c);
    const inviter = await currentDispatcher(c, db);
    if (enrolment === 'invite' && !inviter)
      return refused(
        c,
        refusal('INVITE_REQUIRED', 'This desk adds dispatchers by invitation. Nothing was changed.'),
        403,
      );
    const response = body['response'] as Parameters<typeof verifyRegistrationResponse>[0]['response'];
    const challenge = challengeOf(response.response.clientDataJSON);
    if (challenge === null) return malformed(c);
    const answer = await db.transaction(async (tx) => {
      // Used once: the DELETE is the claim, so two submissions of one ceremony enrol one person.
      const [pending] = await tx.query<{ name: string }>(
        "DELETE FROM webauthn_challenges WHERE challenge = $1 AND purpose = 'enrol' AND expires_at > now() RETURNING name",
        [challenge],
      );
      if (!pending)
        return refusal(
          'CEREMONY_UNKNOWN',
          'That passkey ceremony was not started here, has expired, or was already used. Start again. Nothing was changed.',
        );
      let verified;
      try {
        verified = await verifyRegistrationResponse({
          response,
          expectedChallenge: challenge,
          expectedOrigin: desk.origin,
          expectedRPID: desk.rpId,
          requireUserVerification: true,
        });
      } catch (error) {
        return refusal(
          'PASSKEY_REFUSED',
          `The passkey could not be registered: ${error instanceof Error ? error.message : String(error)}. Nothing was changed.`,
        );
      }
      if (!verified.verified || !verified.registrationInfo)
        return refusal('PASSKEY_REFUSED', 'The passkey could not be verified. Nothing was changed.');
      const { credential } = verified.registrationInfo;
      const id = `D-${randomUUID().slice(0, 8)}`;
      await tx.query('INSERT INTO dispatchers (id, name, enrolled_by) VALUES ($1, $2, $3)', [
        id,
        pending.name,
        inviter?.id ?? null,
      ]);
      await tx.query(
        'INSERT INTO dispatcher_credentials (id, dispatcher_id, public_key, counter, transports) VALUES ($1, $2, $3, $4, $5)',
        [credential.id, id, credential.publicKey, credential.counter, JSON.stringify(credential.transports ?? [])],
      );
      await startSession(c, tx, id);
      return { ok: true as const, dispatcher: { id, name: pending.name } };
    });
    return answer.ok ? c.json(answer) : refused(c, answer, 400);
  });

  app.post('/api/session/options', async (c) => {
    const options = await generateAuthenticationOptions({ rpID: desk.rpId, userVerification: 'required' });
    await db.query(
      `INSERT INTO webauthn_challenges (challenge, purpose, expires_at) VALUES ($1, 'sign_in', now() + interval '${CEREMONY_MINUTES} minutes')`,
      [options.challenge],
    );
    return c.json({ ok: true, options });
  });

  app.post('/api/session', async (c) => {
    const body = await jsonBody(c);
    if (!body || typeof body['response'] !== 'object' || body['response'] === null) return malformed(c);
    const response = body['response'] as Parameters<typeof verifyAuthenticationResponse>[0]['response'];
    const challenge = challengeOf(response.response.clientDataJSON);
    if (challenge === null) return malformed(c);
    const answer = await db.transaction(async (tx) => {
      const [pending] = await tx.query(
        "DELETE FROM webauthn_challenges WHERE challenge = $1 AND purpose = 'sign_in' AND expires_at > now() RETURNING challenge",
        [challenge],
      );
      if (!pending)
        return refusal(
          'CEREMONY_UNKNOWN',
          'That sign-in was not started here, has expired, or was already used. Start again.',
        );
      const checked = await checkAssertion(tx, desk, response, challenge);
      if (!checked.ok) return checked;
      await startSession(c, tx, checked.dispatcher.id);
      return { ok: true as const, dispatcher: checked.dispatcher };
    });
    return answer.ok ? c.json(answer) : refused(c, answer, 401);
  });

  app.post('/api/session/end', async (c) => {
    await endSession(c, db);
    return c.json({ ok: true });
  });

  // A signed-in dispatcher takes someone off the list: from then on partners refuse that
  // person's approvals, even ones already issued and unexpired.
  app.post('/api/dispatchers/:id/remove', async (c) => {
    const by = await currentDispatcher(c, db);
    if (!by)
      return refused(
        c,
        refusal('SIGN_IN_REQUIRED', 'Sign in with your passkey to change who may approve. Nothing was changed.'),
        401,
      );
    const [removed] = await db.query<{ id: string }>(
      'UPDATE dispatchers SET removed_at = now() WHERE id = $1 AND removed_at IS NULL RETURNING id',
      [c.req.param('id')],
    );
    if (!removed)
      return refused(
        c,
        refusal('DISPATCHER_UNKNOWN', `There is no dispatcher ${c.req.param('id')} on the list. Nothing was changed.`),
        404,
      );
    return c.json({ ok: true, removed: removed.id });
  });
}

type Checked =
  | { readonly ok: true; readonly dispatcher: { readonly id: string; readonly name: string } }
  | ReturnType<typeof refusal>;

/**
 * Checks a passkey assertion against the enrolled credential it names: origin, rpId, user
 * verification, signature, challenge, and a signature counter that moved on (a cloned
 * authenticator shows up as one that did not). The counter is stored in the same transaction.
 */
export async function checkAssertion(
  tx: Queryable,
  desk: DeskIdentity,
  response: Parameters<typeof verifyAuthenticationResponse>[0]['response'],
  expectedChallenge: string,
): Promise<Checked> {
  const [credential] = await tx.query<{
    id: string;
    public_key: Uint8Array;
    counter: number;
    dispatcher_id: string;
    name: string;
    transports: unknown;
  }>(
    `SELECT c.id, c.public_key, c.counter, c.dispatcher_id, d.name, c.transports FROM dispatcher_credentials c JOIN dispatchers d ON d.id = c.dispatcher_id
      WHERE c.id = $1 AND d.removed_at IS NULL`,
    [response.id],
  );
  if (!credential) return refusal('PASSKEY_UNKNOWN', 'That passkey belongs to no dispatcher on this desk’s list.');
  let verified;
  try {
    verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge,
      expectedOrigin: desk.origin,
      expectedRPID: desk.rpId,
      credential: {
        id: credential.id,
        publicKey: new Uint8Array(credential.public_key) as Uint8Array<ArrayBuffer>,
        counter: Number(credential.counter),
      },
      requireUserVerification: true,
    });
  } catch (error) {
    return refusal(
      'PASSKEY_REFUSED',
      `The passkey's answer does not verify: ${error instanceof Error ? error.message : String(error)}.`,
    );
  }
  if (!verified.verified) return refusal('PASSKEY_REFUSED', "The passkey's answer does not verify.");
  await tx.query('UPDATE dispatcher_credentials SET counter = $2 WHERE id = $1', [
    credential.id,
    verified.authenticationInfo.newCounter,
  ]);
  return { ok: true, dispatcher: { id: credential.dispatcher_id, name: credential.name } };
}

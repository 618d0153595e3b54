import { startAuthentication, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import type { PlanSubstance } from '@warrant/broker';

// Runs inside the real desk page (its origin, so the passkey's rpId and origin are the desk's),
// bundled and evaluated by partner-write.bench.ts, after a dispatcher enrolled through the desk's
// own form with the browser's virtual authenticator. It asks the desk's server for step
// authorizations the real way, as the desk's approval card does (apps/desk/src/consent/
// passkey-consent.ts): hold the approval (the server digests the plan itself), fetch the
// ceremony's options (the challenge is the approval's own), run the WebAuthn ceremony, and hand
// the assertion to the server, which verifies it and signs one authorization per step.

async function ask<T>(path: string, body: unknown): Promise<T> {
  const response = await fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as { ok: boolean; message?: string } & T;
  if (!answer.ok) throw new Error(`${path}: ${answer.message ?? response.status}`);
  return answer;
}

/** The step authorizations the desk's server issued for the plan, in step order. */
export async function approvePlan(id: string, substance: PlanSubstance, expiresAt: string): Promise<string[]> {
  const held = await ask<{ challenge: string }>('/api/approvals', { id, substance, expires_at: expiresAt });
  const options = await ask<{ options: PublicKeyCredentialRequestOptionsJSON }>(
    `/api/approvals/${held.challenge}/options`,
    {},
  );
  const response = await startAuthentication({ optionsJSON: options.options });
  const granted = await ask<{ authorizations: { step: string; undo: string | null }[] }>(
    `/api/approvals/${held.challenge}/grant`,
    { response },
  );
  return granted.authorizations.map((issued) => issued.step);
}

// A person's consent to a plan is their passkey, not a click. Approving finds the approval the
// desk's server raised from its own record under this card's statement, then runs a WebAuthn ceremony whose
// challenge is the SHA-256 of the approval's statement (approval id, plan digest, expiry, desk
// origin), and hands the assertion to the server, which verifies it, decides the approval once,
// and runs the plan itself (server/approved-runs.ts); the page shows the run from the server's
// record. No step authorization reaches the page. An agent driving the browser can
// click; it cannot produce the person's assertion.
import { startAuthentication, type AuthenticationResponseJSON } from '@simplewebauthn/browser';
import type { Approval } from '@warrant/broker';
import { refusal, type ToolRefusal } from '@warrant/surface';
import { askDesk } from '../../api/ask-desk.ts';
import { DESK_API } from '../../api/desk-api.ts';
import { cardStatement } from './card-statement.ts';
import { heldApproval } from './held-approval.ts';

export interface StepAuthorizations {
  readonly step: string;
  readonly undo: string | null;
}

export type Consent =
  | {
      readonly ok: true;
      readonly dispatcher: { readonly id: string; readonly name: string };
      readonly challenge: string;
      /** Empty from the desk's server, which runs the plan itself; filled only by the Node tests' memory partners. */
      readonly authorizations: readonly StepAuthorizations[];
    }
  | ToolRefusal;

export const NO_PASSKEY =
  'This browser offered no passkey. Approving needs one: a security key, a phone, or the passkey your browser or password manager keeps. Enrol at the top of the desk first if you have not.';

export async function passkeyConsent(approval: Approval): Promise<Consent> {
  // The ceremony's options are asked for beside the check that the server holds this card's
  // statement (one round trip, not two): they are under the card's own challenge, change nothing,
  // and are used only once that check has passed.
  const [held, options] = await Promise.all([
    heldApproval(approval),
    askDesk(DESK_API.approvalOptions, { params: { challenge: cardStatement(approval).challenge } }),
  ]);
  if (!held.ok) return held;
  if (!options.ok) return options;
  let response: AuthenticationResponseJSON;
  try {
    response = await startAuthentication({ optionsJSON: options.options });
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    return refusal(
      'PASSKEY_NOT_GIVEN',
      name === 'NotAllowedError'
        ? `No passkey answered (cancelled, or none here). ${NO_PASSKEY} Nothing was approved.`
        : `${NO_PASSKEY} Nothing was approved.`,
      {
        reason: error instanceof Error ? error.message : String(error),
      },
    );
  }
  // The server verifies the assertion, grants, and runs the plan itself: it answers who approved,
  // and no authorization (it signs each step's as it sends it, to the partner alone).
  const granted = await askDesk(DESK_API.grant, { params: { challenge: held.challenge }, body: { response } });
  if (!granted.ok) return granted;
  return { ok: true, dispatcher: granted.dispatcher, challenge: held.challenge, authorizations: [] };
}

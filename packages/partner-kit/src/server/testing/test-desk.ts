// For tests only: the desk as a partner meets it, made of the real parts — a desk Ed25519 key, its
// list of dispatchers signed with it (one dispatcher, with a software passkey's credential), and
// step authorizations issued exactly as the desk's server issues them when a dispatcher's passkey
// assertion over the approval's challenge has been verified there. Packages never import the desk
// app, so a partner's tests build the desk's side of the contract (@warrant/authority's
// step-authorization) here; the desk's own server tests check the desk issues the same tokens.
import {
  approvalChallenge,
  authorizedArgsDigest,
  issueStepAuthorization,
  newSigningKey,
  signCanonical,
  signRunClosure,
  STEP_AUTHORIZATION_TTL_MS,
  type RunOutcome,
  type SignedRunClosure,
  type ApprovalStatement,
  type PasskeyAssertion,
  type SigningKey,
  type StepGrant,
} from '@warrant/authority';
import { base64url, softwarePasskey, type SoftwarePasskey } from '@warrant/authority/testing';
import { digestSubstance, type Compensation, stepIdempotencyKey, type PlanSubstance } from '@warrant/broker';
import { SITES } from '@warrant/config';
import type { AuthorizationCheck, DeskRecord, DispatcherList } from '../authorization-check.ts';

export interface TestDispatcher {
  readonly id: string;
  readonly name: string;
  readonly passkey: SoftwarePasskey;
}

export interface ApprovedStep {
  /** The arguments the step was approved with (request and idempotency key included). */
  readonly args: Record<string, unknown>;
  /** The desk's step authorization for them. */
  readonly step: string;
  /** The authorization to undo the step, when its tool has a compensation. */
  readonly undo: string | null;
}

export interface Approved {
  readonly statement: ApprovalStatement;
  readonly assertion: PasskeyAssertion;
  readonly steps: readonly ApprovedStep[];
}

export interface TestDesk {
  readonly origin: string;
  readonly rpId: string;
  readonly key: SigningKey;
  /** Who is on the list now; change it and the next record says so. */
  dispatchers: TestDispatcher[];
  /** The desk's record as it serves it at /.well-known/warrant-desk.json, signed now. */
  record(): DeskRecord;
  /** The partner server's `desk` option: this desk, trusted by its key. */
  readonly trust: AuthorizationCheck['desk'];
  /**
   * Approves `substance` as approval `approval`: the dispatcher's passkey signs the challenge and
   * the desk signs one authorization per step (and per undo), as the desk's server does on a grant.
   */
  approve(
    approval: string,
    substance: PlanSubstance,
    options?: { readonly expiresAt?: string; readonly by?: TestDispatcher; readonly userVerified?: boolean },
  ): Approved;
  /** The desk's signed word that the run of `statement`'s approval ended, as it sends it to a partner. */
  close(statement: ApprovalStatement, outcome?: RunOutcome): SignedRunClosure;
  /** Signs a grant of the test's own making with the desk's key (to test what a partner does with it). */
  issue(grant: StepGrant, statement: ApprovalStatement, assertion: PasskeyAssertion): string;
}

/** A desk whose approvals authorize the undo of each write in `compensations` (the partner's, as its manifest says). */
export function testDesk(compensations: Readonly<Record<string, Compensation>> = {}): TestDesk {
  const origin = SITES.desk.origin;
  const rpId = new URL(origin).hostname;
  const key = newSigningKey();
  const desk: TestDesk = {
    origin,
    rpId,
    key,
    dispatchers: [{ id: 'D-ada', name: 'Ada', passkey: softwarePasskey() }],
    record() {
      const list: DispatcherList = {
        desk_origin: origin,
        issued_at: new Date().toISOString(),
        dispatchers: desk.dispatchers.map((dispatcher) => ({
          id: dispatcher.id,
          name: dispatcher.name,
          credentials: [{ id: dispatcher.passkey.id, public_key: base64url(dispatcher.passkey.publicKey) }],
        })),
      };
      return { origin, rp_id: rpId, key: key.publicKey, dispatchers: { list, signature: signCanonical(key, list) } };
    },
    trust: async () => ({ ok: true, record: desk.record(), trustedKey: key.publicKey }),
    approve(approval, substance, { expiresAt, by, userVerified } = {}) {
      const digested = digestSubstance(substance);
      if (!digested.ok) throw new Error(`the plan does not digest: ${digested.message}`);
      const dispatcher = by ?? desk.dispatchers[0];
      if (!dispatcher) throw new Error('no dispatcher to approve');
      const statement: ApprovalStatement = {
        approval,
        plan_digest: digested.digest,
        expires_at: expiresAt ?? new Date(Date.now() + 10 * 60_000).toISOString(),
        desk_origin: origin,
      };
      const assertion = dispatcher.passkey.assert(approvalChallenge(statement), origin, rpId, undefined, {
        userVerified: userVerified ?? true,
      });
      const steps = substance.steps.map((step, index) => {
        const args = {
          ...step.args,
          request: substance.request,
          idempotency_key: stepIdempotencyKey(approval, approvalChallenge(statement), index),
        };
        const base = {
          v: 1,
          approval,
          plan_digest: digested.digest,
          step: index,
          partner_origin: step.origin,
          // Signed now, as the desk signs each authorization when it sends it: good for a couple of minutes.
          expires_at: new Date(
            Math.min(Date.parse(statement.expires_at), Date.now() + STEP_AUTHORIZATION_TTL_MS),
          ).toISOString(),
          dispatcher: dispatcher.id,
        } as const;
        const undoTool = Object.hasOwn(compensations, step.tool) ? compensations[step.tool]?.undo : undefined;
        return {
          args,
          step: issueStepAuthorization(
            key,
            { ...base, kind: 'step', tool: step.tool, args_digest: authorizedArgsDigest(args) },
            statement,
            assertion,
          ),
          undo: undoTool
            ? issueStepAuthorization(
                key,
                { ...base, kind: 'undo', tool: undoTool, args_digest: null },
                statement,
                assertion,
              )
            : null,
        };
      });
      return { statement, assertion, steps };
    },
    close: (statement, outcome = 'done') => signRunClosure(key, statement, outcome, new Date()),
    issue: (grant, statement, assertion) => issueStepAuthorization(key, grant, statement, assertion),
  };
  return desk;
}

// The broker is the one way a desk reaches a partner: every lease opened, every call and every
// ending passes the policy table here, every hop is reported, and what untrusted tools return is
// quarantined before anyone sees it. A refusal is an answer that names its code; nothing throws.
import { refusal, type ToolRefusal } from '@warrant/surface';
import type { ApprovalGate } from './approval-gate.ts';
import { systemClock, type BrokerClock } from './clock.ts';
import type { FrameHost } from './frame-host.ts';
import type { CallShape } from './partner-channel.ts';
import type { Hop, RecordHop } from './hop.ts';
import { hopDetail } from './hop-detail.ts';
import type { Lease, LeaseAnswer, LeaseBook, OpenLease } from './lease.ts';
import { LEASE_PURPOSES } from './lease-purposes.ts';
import type { PartnerReceipt } from './partner-contract.ts';
import type { PartnerDirectory } from './partner-directory.ts';
import type { PartnerName } from './partner-manifest.ts';
import { evaluatePolicy, type PolicyDecision } from './policy.ts';
import type { ActClass, Actor, PolicyPurpose } from './policy-table.ts';
import { quarantine, type Quarantined } from './quarantine.ts';
import { readWriteSuccess, verifyReceipt, type ReceiptKey } from './receipt.ts';
import { readingMatches, splitReading } from './reading.ts';

export interface ActContext {
  readonly actor: Actor;
  /** How the caller reached the host, for the record (the desk's ledger channel); copied onto every hop the act causes. */
  readonly channel?: string;
  /** The desk verb this happens under, for the record. */
  readonly verb?: string;
}

export interface CallContext extends ActContext {
  readonly plan?: string;
  /** The approval whose run this call is a step of. */
  readonly approval?: string;
  /** The plan digest that approval is bound to, for the record. */
  readonly digest?: string;
  readonly signal?: AbortSignal;
}

export interface PartnerCallSuccess {
  readonly ok: true;
  readonly lease: string;
  readonly partner: PartnerName;
  readonly origin: string;
  readonly tool: string;
  /** The executeTool argument shape the partner's runtime accepted, or `none` (its surface ran the row directly). */
  readonly shape: CallShape;
  /** The tool's answer; null when it is quarantined (read `quarantined` instead). */
  readonly value: unknown;
  readonly quarantined: Quarantined | null;
  /** A write's receipt, as the partner issued it. */
  readonly receipt: PartnerReceipt | null;
  /** Whether the receipt's digest is over exactly these args and this result; null for reads. */
  readonly receiptVerified: boolean | null;
  readonly replayed: boolean;
}

export type PartnerCallResult = PartnerCallSuccess | ToolRefusal;

export interface BrokerOptions {
  /** The partners this broker reaches: their origins, tools, scopes. A lease on any other is refused. */
  readonly partners: PartnerDirectory;
  readonly leases: LeaseBook;
  readonly frames: FrameHost;
  readonly record: RecordHop;
  /** Where approval states come from. Without it every approval reads as `none`, so no write is allowed. */
  readonly approvals?: Pick<ApprovalGate, 'stateOf'>;
  readonly clock?: BrokerClock;
  /**
   * The key each partner signs its receipts with, learnt from somewhere the browser cannot rewrite
   * (the desk asks its own server). Given, a receipt verifies only with that key's signature.
   */
  readonly receiptKeyOf?: (partner: PartnerName) => Promise<ReceiptKey>;
}

export interface Broker {
  openLease(request: OpenLease, context: ActContext): LeaseAnswer;
  call(
    lease: string,
    tool: string,
    input: Readonly<Record<string, unknown>>,
    context: CallContext,
  ): Promise<PartnerCallResult>;
  closeLease(lease: string, context: ActContext & { readonly reason?: string }): LeaseAnswer;
  revokeLease(lease: string, context: ActContext & { readonly reason?: string }): LeaseAnswer;
  /** Fails every live lease (the page is going away): their frames go, their calls are aborted. */
  endAll(reason: string): void;
}

const MESSAGE_IN_DETAIL = 200;

export function createBroker(options: BrokerOptions): Broker {
  const { leases, frames, partners } = options;
  const clock = options.clock ?? systemClock;
  const approvalState = (id: string | null | undefined) => options.approvals?.stateOf(id) ?? 'none';

  const record = (fields: Pick<Hop, 'actor' | 'event' | 'policy' | 'status'> & Partial<Hop>): void => {
    options.record({
      at: new Date(clock.now()).toISOString(),
      channel: '',
      from: 'desk',
      to: '',
      verb: '',
      request: '',
      lease: '',
      plan: '',
      approval: '',
      digest: '',
      detail: '',
      ...fields,
    });
  };

  /** What an act is about: a lease, or (before one exists) the partner and request it would serve. */
  type Subject = Lease | { readonly partner: PartnerName; readonly request: string };
  const leaseOf = (subject: Subject | null): Lease | null => (subject && 'id' in subject ? subject : null);

  /** Records the denial and returns the refusal the caller hears. */
  const denied = (
    context: CallContext,
    subject: Subject | null,
    code: string,
    message: string,
    decision: Pick<PolicyDecision, 'verdict' | 'rule'>,
    extra: Record<string, string>,
  ): ToolRefusal => {
    const lease = leaseOf(subject);
    record({
      actor: context.actor,
      channel: context.channel ?? '',
      event: 'policy_denied',
      to: subject?.partner ?? '',
      verb: context.verb ?? '',
      request: typeof subject?.request === 'string' ? subject.request.slice(0, 128) : '',
      lease: lease?.id ?? '',
      plan: context.plan ?? lease?.plan ?? '',
      approval: context.approval ?? lease?.approval ?? '',
      digest: context.digest ?? '',
      policy: decision.verdict,
      status: 'refused',
      detail: hopDetail({ ...extra, code, rule: decision.rule }),
    });
    return refusal(code, message, { ...extra, verdict: decision.verdict, rule: decision.rule });
  };

  const decide = (
    context: CallContext,
    subject: Subject | null,
    act: ActClass,
    purpose: PolicyPurpose,
    approval: string | null | undefined,
    extra: Record<string, string>,
  ): ToolRefusal | PolicyDecision => {
    const decision = evaluatePolicy({ actor: context.actor, act, purpose, approval: approvalState(approval) });
    if (decision.verdict === 'allow') return decision;
    const code = decision.verdict === 'needs_approval' ? 'NEEDS_APPROVAL' : 'POLICY_DENIED';
    return denied(context, subject, code, `${decision.why} Nothing was done.`, decision, extra);
  };

  const isRefusal = (value: ToolRefusal | PolicyDecision): value is ToolRefusal => 'ok' in value;

  const end = (
    id: string,
    event: 'close' | 'revoke',
    context: ActContext & { readonly reason?: string },
  ): LeaseAnswer => {
    const lease = leases.get(id);
    if (!lease) return leases.apply(id, event, { actor: context.actor, channel: context.channel ?? '' });
    const decision = decide(
      context,
      lease,
      event === 'close' ? 'close_lease' : 'revoke_lease',
      lease.purpose,
      lease.approval,
      { act: event },
    );
    if (isRefusal(decision)) return decision;
    return leases.apply(id, event, {
      actor: context.actor,
      channel: context.channel ?? '',
      policy: decision.verdict,
      verb: context.verb ?? '',
      reason: context.reason ?? (event === 'close' ? 'closed' : 'revoked'),
    });
  };

  return {
    openLease(request, context) {
      if (!partners.has(request.partner)) {
        return refusal('UNKNOWN_PARTNER', `${String(request.partner)} is not a partner. No lease was opened.`, {
          partner: request.partner,
          partners: [...partners.names],
        });
      }
      // An unknown purpose has no policy question: the lease book refuses it as it is.
      if (!LEASE_PURPOSES.includes(request.purpose))
        return leases.open(request, { actor: context.actor, channel: context.channel ?? '' });
      const act: ActClass = request.purpose === 'read_capacity' ? 'open_read_lease' : 'open_execute_lease';
      const decision = decide(context, request, act, request.purpose, request.approval, { purpose: request.purpose });
      if (isRefusal(decision)) return decision;
      return leases.open(request, {
        actor: context.actor,
        channel: context.channel ?? '',
        policy: decision.verdict,
        verb: context.verb ?? '',
      });
    },

    async call(id, tool, input, context) {
      const checked = leases.check(id);
      const known = leases.get(id) ?? null;
      if (!checked.ok)
        return denied(context, known, checked.code, checked.message, { verdict: 'deny', rule: 'lease' }, { tool });
      const lease = checked.lease;
      const manifest = partners.manifest(lease.partner);
      if (!manifest)
        return denied(
          context,
          lease,
          'UNKNOWN_PARTNER',
          `${lease.partner} is not a partner this desk reaches. Nothing was called.`,
          { verdict: 'deny', rule: 'partner' },
          { tool },
        );
      const origin = manifest.origin;
      const act = partners.actOf(lease.partner, tool);
      if (act === 'partner_write' && context.approval !== undefined && context.approval !== lease.approval) {
        return denied(
          context,
          lease,
          'APPROVAL_NOT_OF_LEASE',
          `Lease ${lease.id} was opened for ${lease.approval ?? 'no approval'}, not ${context.approval}. Nothing was called.`,
          { verdict: 'deny', rule: 'lease-approval' },
          { tool },
        );
      }
      if (act !== 'partner_unlisted' && !partners.inScope(lease, tool)) {
        return denied(
          context,
          lease,
          'OUT_OF_SCOPE',
          `${tool} is outside a ${lease.purpose} lease on ${lease.partner}. Nothing was called.`,
          { verdict: 'deny', rule: 'scope' },
          { tool },
        );
      }
      const decision = decide(context, lease, act, lease.purpose, context.approval, { tool });
      if (isRefusal(decision)) return decision;

      const base = {
        channel: context.channel ?? '',
        verb: context.verb ?? '',
        request: lease.request,
        lease: lease.id,
        plan: context.plan ?? lease.plan ?? '',
        approval: context.approval ?? lease.approval ?? '',
        digest: context.digest ?? '',
        policy: decision.verdict,
      } as const;
      record({
        ...base,
        actor: context.actor,
        event: 'tool_invoked',
        to: lease.partner,
        status: 'ok',
        detail: hopDetail({ tool }),
      });
      const outcome = await frames.invoke(lease.id, tool, input, context.signal ? { signal: context.signal } : {});
      const answered = (
        status: Hop['status'],
        detail: Readonly<Record<string, string | number | boolean | null | undefined>>,
      ): void =>
        record({
          ...base,
          actor: context.actor,
          event: 'tool_result',
          from: lease.partner,
          to: 'desk',
          status,
          detail: hopDetail({ tool, ...detail }),
        });

      if (!outcome.ok) {
        const aborted = outcome.code === 'ABORTED';
        answered(aborted ? 'aborted' : 'error', {
          shape: outcome.shape,
          code: outcome.code,
          message: outcome.message.slice(0, MESSAGE_IN_DETAIL),
        });
        return refusal(
          aborted ? 'CALL_ABORTED' : 'PARTNER_CALL_FAILED',
          aborted
            ? `The call to ${tool} was aborted (${outcome.message}). The partner checks its signal before it commits, so nothing was changed there by it.`
            : `The call to ${tool} at ${lease.partner} did not complete: ${outcome.message}`,
          { tool, partner: lease.partner, lease: lease.id, outcome: outcome.code },
        );
      }

      // A read's answer carries the partner's signed reading of it: kept for the record, not for the model.
      const { result: value, reading: saidReading } =
        act === 'partner_write' ? { result: outcome.value, reading: null } : splitReading(outcome.value);
      const partnerRefusal = typeof value === 'object' && value !== null && (value as { ok?: unknown }).ok === false;
      const entry = partners.tool(lease.partner, tool);
      const discovered = frames.tools(lease.id)?.find((listed) => listed.name === tool);
      const untrusted = entry?.untrusted === true || discovered?.annotations?.untrustedContentHint === true;
      const held = untrusted ? quarantine({ origin, tool }, value) : null;

      if (partnerRefusal) {
        const said = value as { code?: unknown; message?: unknown };
        const code = typeof said.code === 'string' ? said.code.slice(0, 64) : 'UNSPECIFIED';
        const message = typeof said.message === 'string' ? said.message.slice(0, 500) : '';
        answered('refused', { shape: outcome.shape, code });
        return refusal(
          'PARTNER_REFUSED',
          `${lease.partner} refused ${tool} (${code})${message ? `: ${message}` : ''}`,
          { tool, partner: lease.partner, lease: lease.id, partnerCode: code },
        );
      }

      let receipt: PartnerReceipt | null = null;
      let receiptVerified: boolean | null = null;
      let replayed = false;
      if (act === 'partner_write') {
        const write = readWriteSuccess(value);
        receiptVerified = false;
        if (write.ok) {
          receipt = write.write.receipt;
          replayed = write.write.replayed === true;
          receiptVerified = await verifyReceipt(
            tool,
            input,
            write.write,
            options.receiptKeyOf ? await options.receiptKeyOf(lease.partner) : undefined,
          );
        }
        answered('ok', {
          shape: outcome.shape,
          receipt: receipt?.id ?? 'missing',
          receipt_digest: receipt?.digest,
          verified: receiptVerified ? 'yes' : 'no',
          // The partner's own signature, so the desk's server (and anyone with the ledger) can check the receipt.
          receipt_signature: receipt?.signature,
          replayed: replayed ? 'yes' : undefined,
          problem: write.ok ? undefined : write.problem,
        });
      } else {
        // The reading is checked here as the receipt is, and kept whole on the row: the desk's
        // server records a read only where the partner's signature over it verifies.
        const readingVerified =
          saidReading !== null &&
          (await readingMatches(
            tool,
            input,
            value,
            saidReading,
            options.receiptKeyOf ? (await options.receiptKeyOf(lease.partner)).key : null,
          ));
        answered('ok', {
          shape: outcome.shape,
          ...(held
            ? {
                quarantined: 'yes',
                characters: held.length,
                hidden: held.hidden,
                truncated: held.truncated ? 'yes' : 'no',
              }
            : {}),
          reading_digest: saidReading?.digest ?? 'missing',
          reading_at: saidReading?.at,
          reading_signature: saidReading?.signature,
          verified: readingVerified ? 'yes' : 'no',
        });
      }
      return {
        ok: true,
        lease: lease.id,
        partner: lease.partner,
        origin,
        tool,
        shape: outcome.shape,
        value: held ? null : value,
        quarantined: held,
        receipt,
        receiptVerified,
        replayed,
      };
    },

    closeLease: (id, context) => end(id, 'close', context),
    revokeLease: (id, context) => end(id, 'revoke', context),
    endAll: (reason) => leases.endAll(reason),
  };
}

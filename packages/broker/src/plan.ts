// A plan's substance and its digest (shared/spec/desk.md, "Plan digest and approval"):
// SHA-256 hex of the RFC 8785 canonical JSON of
//   { "v": 1, "request": <id>, "steps": [ { "origin": <partner origin>, "tool": <name>, "args": <object> }, … ] }.
// The label is not in it, so a relabelled plan keeps its approval; a changed origin, tool,
// argument or order changes the digest and voids it. The canonical text is kept beside the digest
// so an approval card can show exactly the bytes that were hashed.
import { DigestInputError, canonicalJson, sha256Hex } from '@warrant/authority';
import { refusal, type ToolRefusal } from '@warrant/surface';
import type { PartnerDirectory } from './partner-directory.ts';
import type { PartnerName } from './partner-manifest.ts';
import { idempotencyFree } from './plan-step-args.ts';

export interface PlanStep {
  readonly partner: PartnerName;
  readonly tool: string;
  /** The step's own arguments; request and idempotency_key are added when it runs. */
  readonly args: Readonly<Record<string, unknown>>;
}

export interface Plan {
  readonly id: string;
  readonly request: string;
  readonly label: string;
  readonly steps: readonly PlanStep[];
}

export interface PlanSubstance {
  readonly v: 1;
  readonly request: string;
  readonly steps: readonly {
    readonly origin: string;
    readonly tool: string;
    readonly args: Readonly<Record<string, unknown>>;
  }[];
}

export interface PlanDigest {
  readonly ok: true;
  readonly digest: string;
  /** The exact text that was hashed (UTF-8 encoded). */
  readonly canonical: string;
}

/** Where the plan's partners are: each step is digested with its partner's origin. */
export type PartnerOrigins = Pick<PartnerDirectory, 'has' | 'originOf'>;

/** The plan as it is digested; throws for a step whose partner the directory does not hold (digestPlan refuses it instead). */
export function planSubstance(plan: Pick<Plan, 'request' | 'steps'>, partners: PartnerOrigins): PlanSubstance {
  return {
    v: 1,
    request: plan.request,
    steps: plan.steps.map((step) => ({ origin: partners.originOf(step.partner), tool: step.tool, args: step.args })),
  };
}

export async function digestPlan(
  plan: Pick<Plan, 'request' | 'steps'>,
  partners: PartnerOrigins,
): Promise<PlanDigest | ToolRefusal> {
  const unknown = plan.steps.findIndex((step) => !partners.has(step.partner));
  if (unknown !== -1) {
    return refusal(
      'UNKNOWN_PARTNER',
      `Step ${unknown + 1} names ${String(plan.steps[unknown]?.partner)}, which is not a partner. Nothing was digested.`,
      { step: unknown },
    );
  }
  return digestSubstance(planSubstance(plan, partners));
}

/** The digest of a plan's substance as it travels (partner origins, not names): what the desk's server re-digests. */
export function digestSubstance(substance: PlanSubstance): PlanDigest | ToolRefusal {
  const plan = substance;
  const reserved = plan.steps.findIndex((step) => !idempotencyFree(step.args));
  if (reserved !== -1) {
    return refusal(
      'PLAN_ARGS_RESERVED',
      `Step ${reserved + 1} sets request or idempotency_key itself; the desk adds both when the step runs. Nothing was digested.`,
      { step: reserved },
    );
  }
  let canonical: string;
  try {
    canonical = canonicalJson(substance);
  } catch (error) {
    if (!(error instanceof DigestInputError)) throw error;
    return refusal('PLAN_NOT_DIGESTIBLE', `The plan cannot be digested: ${error.message}. Nothing was digested.`, {
      path: error.path,
      reason: error.reason,
    });
  }
  return { ok: true, digest: sha256Hex(canonical), canonical };
}

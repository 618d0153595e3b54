// The ledger rows an approved run writes, built in one place. Every row of a run names its
// request, plan, approval and digest, is the desk's own (actor `system`) and carries the policy
// verdict for what it records. A write asked of a partner is always the same two rows — asked,
// then answered with the receipt the desk verified — whether it is a step or the undo of one.
import { evaluatePolicy, hopDetail } from '@warrant/broker';
import type { LedgerDraft } from '@warrant/ledger';

export type RunRow = Omit<LedgerDraft, 'at'>;

/** What a run's row is about, for the policy verdict it carries. */
export type RunAct = 'run_plan' | 'partner_write' | 'reconcile_step';

/** The run a row belongs to. */
export interface RunOfRows {
  readonly request: string;
  readonly plan: string;
  readonly approval: string;
  readonly digest: string;
}

/** A write a partner answered with a receipt the desk verified. */
export interface VerifiedWrite {
  readonly receipt: string;
  readonly digest: string;
}

type Detail = Readonly<Record<string, string | number | boolean | null | undefined>>;

const verdictFor = (act: RunAct) =>
  evaluatePolicy({
    actor: 'system',
    act,
    purpose: act === 'run_plan' ? 'none' : 'execute_plan',
    approval: 'approved',
  }).verdict;

export interface RunRows {
  /** One row of the run: `event` from `from` to `to`, about the partner tool `verb` when it names one. */
  row(
    event: RunRow['event'],
    hop: { readonly from: string; readonly to: string; readonly verb?: string },
    act: RunAct,
    status: RunRow['status'],
    detail: Detail,
  ): RunRow;
  /** A write asked of `partner` and answered with `write`: `tool_invoked` then `tool_result`. */
  write(
    partner: string,
    tool: string,
    asked: { readonly step: number; readonly key: string },
    write: VerifiedWrite,
  ): RunRow[];
}

export function runRows(run: RunOfRows): RunRows {
  const base = {
    actor: 'system',
    channel: 'ui',
    request: run.request,
    plan: run.plan,
    approval: run.approval,
    digest: run.digest,
  } as const;
  const row: RunRows['row'] = (event, hop, act, status, detail) => ({
    ...base,
    event,
    from: hop.from,
    to: hop.to,
    ...(hop.verb === undefined ? {} : { verb: hop.verb }),
    policy: verdictFor(act),
    status,
    detail: hopDetail(detail),
  });
  return {
    row,
    write: (partner, tool, asked, write) => [
      row('tool_invoked', { from: 'desk', to: partner, verb: tool }, 'partner_write', 'ok', {
        tool,
        step: asked.step,
        key: asked.key,
      }),
      row('tool_result', { from: partner, to: 'desk', verb: tool }, 'partner_write', 'ok', {
        tool,
        receipt: write.receipt,
        receipt_digest: write.digest,
        verified: 'yes',
      }),
    ],
  };
}

import { agentObservation } from './agent-observation.ts';
import type { CheckId } from './check-order.ts';
import { crossOriginRegistration } from './cross-origin-registration.ts';
import { executeToolArgumentShape } from './execute-tool-argument-shape.ts';
import type { ProbeEnvironment } from './probe-environment.ts';
import { errorText, result, type CheckResult, type ProbeReport } from './probe-report.ts';
import { requestUserInteractionPresent } from './request-user-interaction.ts';
import { toolUnregistrationEffective } from './tool-unregistration-effective.ts';
import { unkeyedDocumentRejected } from './unkeyed-document-rejected.ts';

// The six checks, one after another in their fixed order (CHECK_ORDER). A check that throws is
// recorded incomplete with what it threw, and the run goes on.

async function guarded(id: CheckId, run: () => Promise<CheckResult>): Promise<CheckResult> {
  try {
    return await run();
  } catch (error) {
    return result(id, 'incomplete', `The check stopped before it could measure: ${errorText(error)}`);
  }
}

export async function runProbe(
  env: ProbeEnvironment,
  onCheck: (done: CheckResult) => void = () => undefined,
): Promise<ProbeReport> {
  const startedAt = new Date().toISOString();
  const checks: CheckResult[] = [];
  const record = (done: CheckResult): CheckResult => {
    checks.push(done);
    onCheck(done);
    return done;
  };
  const keyed = await crossOriginRegistration(env).catch((error: unknown) => ({
    result: result(
      'cross_origin_registration',
      'incomplete',
      `The check stopped before it could measure: ${errorText(error)}`,
    ),
    frame: null,
    partnerTools: [],
  }));
  record(keyed.result);
  try {
    record(await guarded('agent_observation_sees_frame_tools', () => agentObservation(env, keyed)));
  } finally {
    // The partner's tools exist only while its frame does: removing it ends them.
    keyed.frame?.remove();
  }
  record(await guarded('request_user_interaction_present', () => requestUserInteractionPresent(env)));
  record(await guarded('execute_tool_argument_shape', () => executeToolArgumentShape(env)));
  record(await guarded('unkeyed_document_rejected', () => unkeyedDocumentRejected(env, keyed.result.outcome)));
  record(await guarded('tool_unregistration_effective', () => toolUnregistrationEffective(env)));
  const keyedHere = (window as Window & { originAgentCluster?: unknown }).originAgentCluster;
  return {
    schema: 'warrant-probe-v1',
    runtime: {
      mode: env.connection.mode,
      reason: env.connection.reason,
      origin: window.location.origin,
      originAgentCluster: typeof keyedHere === 'boolean' ? keyedHere : null,
      userAgent: navigator.userAgent.slice(0, 1000),
      observationSeam: env.observation ? 'cdp' : 'none',
    },
    startedAt,
    finishedAt: new Date().toISOString(),
    checks,
  };
}

import { SITES } from '@warrant/config';
import { askFrameReport, MARKER_TOOL, type MethodOutcome } from '@warrant/webmcp';
import { mountFrame } from './measurement-frame.ts';
import type { ProbeEnvironment } from './probe-environment.ts';
import { errorText, result, type CheckResult, type Outcome } from './probe-report.ts';

// The unkeyed arm. The probe origin serves Origin-Agent-Cluster: ?0 and carries one measurement
// document, framed here exactly as the keyed partner was (allow="tools", named in the desk's
// Permissions-Policy), so the one difference between the arms is the keying. That document calls
// each WebMCP method raw and reports over an origin-checked postMessage. A refusal counts only
// against a keyed arm that passed in the same run: otherwise it cannot be told apart from a frame
// that could not register anything at all.
//
// Keying is per origin and sticky within a browser (shared/reference §6): once an origin was
// origin-keyed, a later ?0 is ignored. The probe origin only ever sends ?0, and the browser test
// that commits the evidence runs this in a fresh browser context.

const PROBE = SITES.probeUnkeyed;
const ANSWER_MS = 10_000;

function line(outcome: MethodOutcome): string {
  return outcome.outcome === 'refused'
    ? `${outcome.method}: ${outcome.error ?? 'refused'}`
    : `${outcome.method}: ${outcome.outcome}`;
}

export async function unkeyedDocumentRejected(env: ProbeEnvironment, baseline: Outcome): Promise<CheckResult> {
  const id = 'unkeyed_document_rejected';
  const frame = mountFrame(env.frames, `${PROBE.origin}/`, {
    title: 'The unkeyed probe document, framed for the probe',
    allowTools: true,
    timeoutMs: ANSWER_MS,
  });
  try {
    const answer = await askFrameReport({
      window,
      frame: frame.element.contentWindow as Window,
      frameOrigin: PROBE.origin,
      timeoutMs: ANSWER_MS,
    });
    if (!answer.ok)
      return result(id, 'incomplete', `The unkeyed probe document did not report: ${answer.reason}`, { baseline });
    const { health, methods = [] } = answer.report;
    const measured = {
      baseline,
      originAgentCluster: health.originAgentCluster,
      probeConnect: health.mode,
      methods: methods.map(line),
    };
    if (health.originAgentCluster !== false) {
      return result(
        id,
        'incomplete',
        `The probe document reports originAgentCluster ${String(health.originAgentCluster)}: its origin was origin-keyed earlier in this browser, so ?0 was ignored and the question cannot be asked here. Run it in a fresh browser profile.`,
        measured,
      );
    }
    if (methods.length === 0 || methods.every((method) => method.outcome === 'absent')) {
      return result(
        id,
        'unsupported',
        `This browser has no WebMCP of its own, so there is no platform refusal to observe; Warrant's connect() refuses an unkeyed document by itself there (${health.mode}).`,
        measured,
      );
    }
    const resolved = methods.filter((method) => method.outcome === 'resolved');
    if (resolved.length > 0) {
      const surfaced = await markerSurfaced(env);
      return result(
        id,
        'fail',
        `In a document that is not origin-keyed, the browser let ${resolved.map((method) => method.method).join(', ')} through${surfaced === true ? ", and the document's tool surfaced to this page" : ''}.`,
        { ...measured, markerSurfaced: surfaced },
      );
    }
    const security = methods.every((method) => method.outcome === 'refused' && method.error === 'SecurityError');
    if (!security) {
      return result(
        id,
        'incomplete',
        `Every method was refused, but not every refusal was a SecurityError (${methods.map(line).join('; ')}), so the refusal is not shown to come from the keying.`,
        measured,
      );
    }
    if (baseline !== 'pass') {
      return result(
        id,
        'incomplete',
        `Every method was refused with SecurityError, but the keyed arm (cross_origin_registration) recorded ${baseline} in this run, so the refusal is not measured against a working baseline.`,
        measured,
      );
    }
    return result(
      id,
      'pass',
      'In the framed document served with Origin-Agent-Cluster: ?0 (originAgentCluster false), registerTool, getTools and executeTool were each refused with SecurityError, while the keyed partner framed the same way registered tools this page saw.',
      measured,
    );
  } catch (error) {
    return result(id, 'incomplete', `The unkeyed measurement failed: ${errorText(error)}`, { baseline });
  } finally {
    frame.remove();
  }
}

/** Whether the probe document's marker tool reached this page across origins; null where it cannot be asked. */
async function markerSurfaced(env: ProbeEnvironment): Promise<boolean | null> {
  try {
    const tools = (await env.connection.webmcp?.getTools({ fromOrigins: [PROBE.origin] })) ?? null;
    return tools === null ? null : tools.some((tool) => tool.name === MARKER_TOOL && tool.origin === PROBE.origin);
  } catch {
    return null;
  }
}

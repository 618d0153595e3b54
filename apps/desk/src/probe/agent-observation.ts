import type { KeyedArm } from './cross-origin-registration.ts';
import { KEYED_PARTNER } from './cross-origin-registration.ts';
import type { ProbeEnvironment } from './probe-environment.ts';
import { errorText, result, type CheckResult } from './probe-report.ts';
import { registerProbeTool } from './probe-tool.ts';

// The trust boundary: the specification's agent observation walks every frame allowed to use
// tools and collects their tools, with no filter on exposedTo. Whether a browser agent's view of
// this page includes the partner frame's tools can only be seen from outside the page, so this
// check needs the observation seam; the page's own marker tool tells an observation that sees
// nothing at all from one that sees the page but not its frames.

const OBSERVE_MS = 20_000;
export const OBSERVATION_MARKER = 'probe_observation_marker';

export async function agentObservation(env: ProbeEnvironment, keyed: KeyedArm): Promise<CheckResult> {
  const id = 'agent_observation_sees_frame_tools';
  const partner = KEYED_PARTNER.origin;
  if (!env.observation) {
    return result(
      id,
      'incomplete',
      'A page cannot see what a browser agent observes of it, and no agent observation was supplied (a test can supply one over the DevTools protocol by opening this page with ?observe=cdp).',
      {
        seam: 'none',
      },
    );
  }
  if (!keyed.frame)
    return result(
      id,
      'incomplete',
      'No partner frame was mounted, so there was nothing for an agent to observe in a frame.',
      { seam: 'cdp' },
    );
  const marker = env.platform
    ? await registerProbeTool(env.platform, {
        name: OBSERVATION_MARKER,
        description: 'A marker on the probe page, so an observation can be checked against the page itself.',
        execute: () => 'marker',
      }).catch((error: unknown) => errorText(error))
    : 'this page has no WebMCP';
  try {
    const observed = await env.observation.observe(OBSERVE_MS);
    if (observed === null)
      return result(
        id,
        'incomplete',
        `The observation seam was open but no observation arrived within ${OBSERVE_MS / 1000} s.`,
        { seam: 'cdp' },
      );
    const fromFrame = observed.filter((tool) => tool.origin === partner).map((tool) => tool.name);
    const fromPage = observed.filter((tool) => tool.origin === window.location.origin).map((tool) => tool.name);
    const measured = {
      seam: 'cdp',
      frameTools: fromFrame,
      pageTools: fromPage,
      marker: typeof marker === 'string' ? marker : 'registered',
    };
    if (fromFrame.length > 0) {
      return result(
        id,
        'pass',
        `An agent's observation of this page collected ${fromFrame.length} tools from the framed partner (${partner}) as well as the page's own: exposedTo declares who may discover a tool, it does not hide a mounted frame's tools from an agent.`,
        measured,
      );
    }
    if (fromPage.length > 0) {
      return result(
        id,
        'fail',
        `An agent's observation saw this page's own tools but none from the framed partner (${partner}).`,
        measured,
      );
    }
    return result(
      id,
      'unsupported',
      "The agent's observation channel saw no WebMCP tools at all in this runtime, not even this page's own, so it cannot show a frame's.",
      measured,
    );
  } finally {
    if (typeof marker !== 'string') marker.unregister();
  }
}

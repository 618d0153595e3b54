import { SITES } from '@warrant/config';
import type { ListedTool } from '@warrant/webmcp';
import { mountFrame, type MeasurementFrame } from './measurement-frame.ts';
import type { ProbeEnvironment } from './probe-environment.ts';
import { errorName, errorText, result, type CheckResult } from './probe-report.ts';

// The keyed arm. A partner site, served Origin-Agent-Cluster: ?1, is framed with allow="tools";
// framed by the desk it registers its tools with exposedTo: [desk]. The desk looks for them with
// getTools({ fromOrigins: [partner] }), the only way a page sees another origin's tools.

/** The partner the probe frames: the first in the registry. */
export const KEYED_PARTNER = Object.values(SITES).find((site) => site.role === 'partner') ?? SITES.pantry;
const LOAD_MS = 10_000;
const DISCOVER_MS = 8_000;
const POLL_MS = 150;

export interface KeyedArm {
  readonly result: CheckResult;
  /** The partner's frame, left mounted for the observation check; the caller removes it. */
  readonly frame: MeasurementFrame | null;
  readonly partnerTools: readonly ListedTool[];
}

const wait = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export async function crossOriginRegistration(env: ProbeEnvironment): Promise<KeyedArm> {
  const id = 'cross_origin_registration';
  const partner = KEYED_PARTNER;
  const measured = { partner: partner.origin };
  const { webmcp } = env.connection;
  if (!webmcp) {
    return {
      result: result(
        id,
        'unsupported',
        `This page has no WebMCP (${env.connection.reason}), so no frame can offer it tools.`,
        measured,
      ),
      frame: null,
      partnerTools: [],
    };
  }
  const frame = mountFrame(env.frames, `${partner.origin}/`, {
    title: `${partner.title}, framed for the probe`,
    allowTools: true,
    timeoutMs: LOAD_MS,
  });
  try {
    await frame.loaded;
  } catch (error) {
    return {
      result: result(id, 'fail', `The ${partner.title} site did not load in a frame: ${errorText(error)}`, measured),
      frame,
      partnerTools: [],
    };
  }
  const started = performance.now();
  let lastError: unknown = null;
  while (performance.now() - started < DISCOVER_MS) {
    try {
      const tools = (await webmcp.getTools({ fromOrigins: [partner.origin] })).filter(
        (tool) => tool.origin === partner.origin,
      );
      if (tools.length > 0) {
        const names = tools.map((tool) => tool.name);
        const ms = Math.round(performance.now() - started);
        return {
          result: result(
            id,
            'pass',
            `The ${partner.title} site, framed with allow="tools", registered ${tools.length} tools exposed to the desk, and this page saw them through getTools({ fromOrigins }) ${ms} ms after the frame loaded.`,
            { ...measured, tools: names, discoveredAfterMs: ms },
          ),
          frame,
          partnerTools: tools,
        };
      }
    } catch (error) {
      // The polyfill refuses fromOrigins outright: cross-document tools need the browser's own WebMCP.
      if (errorName(error) === 'NotSupportedError') {
        return {
          result: result(
            id,
            'unsupported',
            `This runtime cannot share tools across documents: getTools({ fromOrigins }) answered ${errorText(error)}`,
            { ...measured, error: errorText(error) },
          ),
          frame,
          partnerTools: [],
        };
      }
      lastError = error;
    }
    await wait(POLL_MS);
  }
  const why =
    lastError === null
      ? 'none of its tools surfaced'
      : `getTools({ fromOrigins }) kept failing: ${errorText(lastError)}`;
  return {
    result: result(
      id,
      'fail',
      `The ${partner.title} site loaded in a frame with allow="tools", but within ${DISCOVER_MS / 1000} s ${why}.`,
      { ...measured, tools: [] },
    ),
    frame,
    partnerTools: [],
  };
}

import { headersFor, SITES, type Site } from '@warrant/config';
import { askFrameReport, documentHealth, type Connection, type DocumentHealth } from '@warrant/webmcp';
import { mountFrame } from '../probe/measurement-frame.ts';
import { cspAllows } from './csp-allows.ts';

// What the desk can measure of each origin right now. Its own document it reads directly; a
// partner or the probe origin it frames (without delegating tools: the question is the document's
// mode and keying, not its tools) and asks over an origin-checked postMessage; a site whose
// headers forbid framing, it cannot ask at all, and says so.

export type LiveHealth =
  | { readonly kind: 'measured'; readonly health: DocumentHealth; readonly how: string }
  | { readonly kind: 'unmeasured'; readonly reason: string }
  | { readonly kind: 'gateway'; readonly answer: GatewayAnswer };

export type GatewayAnswer =
  | {
      readonly reachable: true;
      readonly modelConfigured: boolean;
      readonly model: string | null;
      readonly left: number;
      readonly limit: number;
    }
  | { readonly reachable: false; readonly reason: string };

// A framed partner loads its whole page (its server's record, its tools) before it can answer; on a
// busy machine that took over 4 s (a full test run beside other work). A person waits for the
// answer; 15 s is how long before the page says it did not come.
const ANSWER_MS = 15_000;
const DESK_CSP = headersFor(SITES.desk)['Content-Security-Policy'] ?? '';

export async function gatewayHealth(): Promise<GatewayAnswer> {
  const gateway = SITES.gateway;
  if (!cspAllows(DESK_CSP, 'connect-src', gateway.origin)) {
    return {
      reachable: false,
      reason:
        "The desk's own CSP (connect-src) does not let its pages connect to the gateway, so its health is not fetched from here.",
    };
  }
  try {
    const response = await fetch(`${gateway.origin}/health`, { signal: AbortSignal.timeout(ANSWER_MS) });
    const body = (await response.json()) as {
      modelConfigured?: unknown;
      model?: unknown;
      allowance?: { left?: unknown; limit?: unknown };
    };
    if (!response.ok || typeof body.modelConfigured !== 'boolean')
      return { reachable: false, reason: `The gateway answered ${response.status} without a health report.` };
    return {
      reachable: true,
      modelConfigured: body.modelConfigured,
      model: typeof body.model === 'string' ? body.model.slice(0, 100) : null,
      left: typeof body.allowance?.left === 'number' ? body.allowance.left : 0,
      limit: typeof body.allowance?.limit === 'number' ? body.allowance.limit : 0,
    };
  } catch {
    return {
      reachable: false,
      reason: 'The gateway did not answer: it is switched off or unreachable. The desk works fully without it.',
    };
  }
}

export async function liveHealth(site: Site, connection: Connection, frames: HTMLElement): Promise<LiveHealth> {
  if (site.role === 'server') return { kind: 'gateway', answer: await gatewayHealth() };
  if (site.origin === window.location.origin)
    return { kind: 'measured', health: documentHealth(connection), how: 'Read from this page itself.' };
  if (!cspAllows(DESK_CSP, 'frame-src', site.origin)) {
    return {
      kind: 'unmeasured',
      reason:
        "The desk cannot ask it: the desk's CSP does not frame it, and its own headers forbid framing. Open it to see its WebMCP badge.",
    };
  }
  const frame = mountFrame(frames, `${site.origin}/`, {
    title: `${site.title}, framed to ask its health`,
    allowTools: false,
    timeoutMs: ANSWER_MS,
  });
  try {
    const answer = await askFrameReport({
      window,
      frame: frame.element.contentWindow as Window,
      frameOrigin: site.origin,
      timeoutMs: ANSWER_MS,
    });
    if (answer.ok)
      return { kind: 'measured', health: answer.report.health, how: 'Its own document answered, framed by this page.' };
    return {
      kind: 'unmeasured',
      reason: `Framed by this page, it did not answer within ${ANSWER_MS / 1000} s, so its mode is not known from here. Open it to see its WebMCP badge.`,
    };
  } finally {
    frame.remove();
  }
}

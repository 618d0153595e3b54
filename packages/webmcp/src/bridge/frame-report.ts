import type { DocumentHealth } from './document-health.ts';
import type { MethodOutcome, PlatformMethod } from './platform-methods.ts';

// A framed document telling its parent, across origins, what its WebMCP is: its mode and keying
// (the health page), and what each method did (the probe's unkeyed document). The parent asks and
// the frame answers, each checking who the other is: the frame answers only its own parent at the
// one origin it was told, and the parent reads only its frame's window at the frame's origin.
// Everything read is untrusted data from another origin, checked field by field.

export const FRAME_REPORT_ENVELOPE = 'warrant.frame.report';
export const FRAME_REPORT_VERSION = 1;

export interface FrameReport {
  readonly health: DocumentHealth;
  /** Present when the frame measured each WebMCP method. */
  readonly methods?: readonly MethodOutcome[];
}

export type FrameReportAnswer =
  { readonly ok: true; readonly report: FrameReport } | { readonly ok: false; readonly reason: string };

const MODES = new Set(['native', 'polyfill', 'unavailable']);
const METHODS = new Set<PlatformMethod>(['registerTool', 'getTools', 'executeTool']);
const OUTCOMES = new Set(['resolved', 'refused', 'absent']);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function boundedText(value: unknown, max: number): value is string {
  return typeof value === 'string' && value.length <= max;
}

function readHealth(value: unknown): DocumentHealth | null {
  if (!isRecord(value)) return null;
  const { origin, mode, reason, originAgentCluster, secureContext, framed } = value;
  if (!boundedText(origin, 200) || typeof mode !== 'string' || !MODES.has(mode) || !boundedText(reason, 500))
    return null;
  if (
    !(typeof originAgentCluster === 'boolean' || originAgentCluster === null) ||
    typeof secureContext !== 'boolean' ||
    typeof framed !== 'boolean'
  )
    return null;
  return { origin, mode: mode as DocumentHealth['mode'], reason, originAgentCluster, secureContext, framed };
}

function readMethod(value: unknown): MethodOutcome | null {
  if (!isRecord(value)) return null;
  const { method, outcome, error, message } = value;
  if (
    typeof method !== 'string' ||
    !METHODS.has(method as PlatformMethod) ||
    typeof outcome !== 'string' ||
    !OUTCOMES.has(outcome)
  )
    return null;
  if ((error !== undefined && !boundedText(error, 80)) || (message !== undefined && !boundedText(message, 300)))
    return null;
  return {
    method: method as PlatformMethod,
    outcome: outcome as MethodOutcome['outcome'],
    ...(error === undefined ? {} : { error }),
    ...(message === undefined ? {} : { message }),
  };
}

/** A frame's report as data, or null if any part of it is not what a report is. */
export function readFrameReport(value: unknown): FrameReport | null {
  if (!isRecord(value)) return null;
  const health = readHealth(value['health']);
  if (!health) return null;
  if (value['methods'] === undefined) return { health };
  if (!Array.isArray(value['methods']) || value['methods'].length > METHODS.size) return null;
  const methods = value['methods'].map(readMethod);
  if (methods.some((method) => method === null)) return null;
  return { health, methods: methods as MethodOutcome[] };
}

/**
 * The frame's side: answers its parent's questions with `report()`. Does nothing in a top-level
 * document. Returns the function that stops answering.
 */
export function answerFrameReports(options: {
  readonly window: Window;
  readonly parentOrigin: string;
  readonly report: () => Promise<FrameReport>;
}): () => void {
  const win = options.window;
  if (win.parent === win) return () => undefined;
  let answer: Promise<FrameReport> | null = null;
  const onMessage = (event: MessageEvent): void => {
    if (event.source !== win.parent || event.origin !== options.parentOrigin) return;
    const data = event.data as unknown;
    if (
      !isRecord(data) ||
      data['envelope'] !== FRAME_REPORT_ENVELOPE ||
      data['version'] !== FRAME_REPORT_VERSION ||
      data['kind'] !== 'query'
    )
      return;
    const id = data['id'];
    if (typeof id !== 'string' || id.length > 64) return;
    // Measured once: a method's side effect (the marker tool) must not be repeated per question.
    answer ??= options.report();
    void answer.then((report) =>
      win.parent.postMessage(
        { envelope: FRAME_REPORT_ENVELOPE, version: FRAME_REPORT_VERSION, kind: 'answer', id, report },
        options.parentOrigin,
      ),
    );
  };
  win.addEventListener('message', onMessage);
  return () => win.removeEventListener('message', onMessage);
}

/**
 * The parent's side: asks a frame for its report, again every `intervalMs` until it answers (its
 * listener may not be there yet), and gives up after `timeoutMs` with the reason.
 */
export function askFrameReport(options: {
  readonly window: Window;
  readonly frame: Window;
  readonly frameOrigin: string;
  readonly timeoutMs: number;
  readonly intervalMs?: number;
}): Promise<FrameReportAnswer> {
  const { window: win, frame, frameOrigin } = options;
  const id = `q-${Math.random().toString(36).slice(2, 12)}`;
  return new Promise((resolve) => {
    const finish = (answer: FrameReportAnswer): void => {
      clearInterval(again);
      clearTimeout(timer);
      win.removeEventListener('message', onMessage);
      resolve(answer);
    };
    const onMessage = (event: MessageEvent): void => {
      if (event.source !== frame || event.origin !== frameOrigin) return;
      const data = event.data as unknown;
      if (
        !isRecord(data) ||
        data['envelope'] !== FRAME_REPORT_ENVELOPE ||
        data['kind'] !== 'answer' ||
        data['id'] !== id
      )
        return;
      const report = readFrameReport(data['report']);
      finish(
        report
          ? { ok: true, report }
          : { ok: false, reason: `${frameOrigin} answered with something that is not a report.` },
      );
    };
    const ask = (): void =>
      frame.postMessage(
        { envelope: FRAME_REPORT_ENVELOPE, version: FRAME_REPORT_VERSION, kind: 'query', id },
        frameOrigin,
      );
    win.addEventListener('message', onMessage);
    const again = setInterval(ask, options.intervalMs ?? 200);
    const timer = setTimeout(
      () =>
        finish({
          ok: false,
          reason: `${frameOrigin} did not answer within ${Math.round(options.timeoutMs / 100) / 10} s.`,
        }),
      options.timeoutMs,
    );
    ask();
  });
}

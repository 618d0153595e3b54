// A page cannot see what a browser agent observes of it: that view lives in the browser. A test
// that drives the browser over the DevTools protocol can read it (the WebMCP domain, one session
// per frame) and hand it to the page. The page asks for it only when opened with ?observe=cdp,
// marks the body while it waits, and reads one message posted to its own window from its own
// origin. Without a seam the check records incomplete.

export const OBSERVATION_ENVELOPE = 'warrant.probe.observation';

export interface ObservedTool {
  readonly name: string;
  /** The origin of the frame the tool was observed in. */
  readonly origin: string;
}

export interface ObservationSeam {
  /** Waits for an agent's observation of the page; null if none arrives in time. */
  observe(timeoutMs: number): Promise<ObservedTool[] | null>;
}

function readTools(value: unknown): ObservedTool[] | null {
  if (!Array.isArray(value) || value.length > 200) return null;
  const tools: ObservedTool[] = [];
  for (const entry of value as unknown[]) {
    if (typeof entry !== 'object' || entry === null) return null;
    const { name, origin } = entry as Record<string, unknown>;
    if (typeof name !== 'string' || name.length > 128 || typeof origin !== 'string' || origin.length > 200) return null;
    tools.push({ name, origin });
  }
  return tools;
}

export function postMessageObservationSeam(win: Window): ObservationSeam {
  return {
    observe(timeoutMs) {
      return new Promise((resolve) => {
        const body = win.document.body;
        const finish = (tools: ObservedTool[] | null): void => {
          clearTimeout(timer);
          win.removeEventListener('message', onMessage);
          delete body.dataset['awaitingObservation'];
          resolve(tools);
        };
        const onMessage = (event: MessageEvent): void => {
          if (event.source !== win || event.origin !== win.location.origin) return;
          const data = event.data as Record<string, unknown> | null;
          if (
            typeof data !== 'object' ||
            data === null ||
            data['envelope'] !== OBSERVATION_ENVELOPE ||
            data['version'] !== 1
          )
            return;
          const tools = readTools(data['tools']);
          if (tools) finish(tools);
        };
        const timer = setTimeout(() => finish(null), timeoutMs);
        win.addEventListener('message', onMessage);
        body.dataset['awaitingObservation'] = 'true';
      });
    },
  };
}

/** The seam this page was opened with, if any. */
export function seamFromLocation(win: Window): ObservationSeam | null {
  return new URL(win.location.href).searchParams.get('observe') === 'cdp' ? postMessageObservationSeam(win) : null;
}

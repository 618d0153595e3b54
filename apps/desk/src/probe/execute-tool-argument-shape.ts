import type { ProbeEnvironment } from './probe-environment.ts';
import { errorText, result, type CheckResult } from './probe-report.ts';
import { registerProbeTool } from './probe-tool.ts';

// The specification (and Chromium from 155) takes executeTool's input as an object; older Chrome
// and the pinned polyfill take only a JSON string. Both shapes are sent raw here, once each, to
// a read-only tool that echoes what it got, and Warrant's own executeTool reports which shape it
// settled on.

const TOOL = 'probe_echo';
const SENT = { probe: 'shape-check' };

type Heard =
  { readonly accepted: true; readonly echoed: boolean } | { readonly accepted: false; readonly error: string };

export async function executeToolArgumentShape(env: ProbeEnvironment): Promise<CheckResult> {
  const id = 'execute_tool_argument_shape';
  const { platform, connection } = env;
  if (!platform || !connection.webmcp)
    return result(
      id,
      'unsupported',
      `This page has no WebMCP (${connection.reason}), so executeTool cannot be called.`,
    );
  let tool;
  try {
    tool = await registerProbeTool(platform, {
      name: TOOL,
      description: 'Echoes the probe value it was given. Changes nothing.',
      inputSchema: {
        type: 'object',
        properties: { probe: { type: 'string', maxLength: 40 } },
        additionalProperties: false,
      },
      execute: (input) => ({ probe: (input as { probe?: unknown } | undefined)?.probe ?? null }),
    });
  } catch (error) {
    return result(id, 'fail', `The probe could not register its tool: ${errorText(error)}`);
  }
  const send = async (input: unknown): Promise<Heard> => {
    try {
      const raw = await platform.executeTool(tool.entry, input);
      return { accepted: true, echoed: raw !== null && (JSON.parse(raw) as { probe?: unknown }).probe === SENT.probe };
    } catch (error) {
      return { accepted: false, error: errorText(error) };
    }
  };
  try {
    const object = await send(SENT);
    const string = await send(JSON.stringify(SENT));
    const warrant = await connection.webmcp.executeTool(TOOL, SENT);
    const said = (heard: Heard): string =>
      heard.accepted
        ? heard.echoed
          ? 'accepted, and the tool received the input intact'
          : 'accepted, but the tool did not receive the input intact'
        : `refused (${heard.error})`;
    const measured = {
      objectShape: object.accepted ? (object.echoed ? 'accepted' : 'accepted, input lost') : object.error,
      stringShape: string.accepted ? (string.echoed ? 'accepted' : 'accepted, input lost') : string.error,
      warrantShape: warrant.ok ? warrant.shape : warrant.message,
    };
    const detail = `The object shape was ${said(object)}; the JSON-string shape was ${said(string)}. Warrant's executeTool settled on the ${warrant.ok ? `${warrant.shape} shape` : `no shape (${warrant.message})`}.`;
    if (object.accepted && object.echoed) return result(id, 'pass', detail, measured);
    return result(id, 'fail', detail, measured);
  } finally {
    tool.unregister();
  }
}

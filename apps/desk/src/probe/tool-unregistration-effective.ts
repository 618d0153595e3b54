import type { ProbeEnvironment } from './probe-environment.ts';
import { errorText, result, type CheckResult } from './probe-report.ts';
import { registerProbeTool } from './probe-tool.ts';

// The platform has no unregisterTool: a tool is removed by aborting the signal it was registered
// with. Warrant's surfaces rely on that removal being real. This registers a tool, aborts it, and
// asks three things: is it gone from getTools(), does the entry held from before still run it,
// and can the same name be registered again.

const TOOL = 'probe_unregistered';

export async function toolUnregistrationEffective(env: ProbeEnvironment): Promise<CheckResult> {
  const id = 'tool_unregistration_effective';
  const { platform, connection } = env;
  if (!platform)
    return result(
      id,
      'unsupported',
      `This page has no WebMCP (${connection.reason}), so nothing can be registered or unregistered.`,
    );
  let runs = 0;
  const declaration = {
    name: TOOL,
    description: 'Counts its own runs. Registered and unregistered by the probe.',
    inputSchema: { type: 'object', properties: {}, additionalProperties: false },
    execute: () => ((runs += 1), 'ran'),
  };
  let tool;
  try {
    tool = await registerProbeTool(platform, declaration);
  } catch (error) {
    return result(id, 'fail', `The probe could not register its tool: ${errorText(error)}`);
  }
  tool.unregister();
  const listedAtOnce = (await platform.getTools()).some((listed) => listed.name === TOOL);
  await new Promise((resolve) => setTimeout(resolve, 50));
  const listedLater = (await platform.getTools()).some((listed) => listed.name === TOOL);
  let staleCall: string;
  // In the shape this runtime was seen to accept (the argument-shape check runs before this one),
  // so a refusal of the shape is not mistaken for a refusal of the tool.
  const shape = connection.webmcp?.acceptedShape() ?? 'object';
  try {
    await platform.executeTool(tool.entry, shape === 'object' ? {} : '{}');
    staleCall = 'answered';
  } catch (error) {
    staleCall = errorText(error);
  }
  let again: string;
  try {
    const second = await registerProbeTool(platform, declaration);
    second.unregister();
    again = 'registered again';
  } catch (error) {
    again = errorText(error);
  }
  const measured = {
    shapeSent: shape,
    listedAfterAbort: listedAtOnce,
    listedAfter50ms: listedLater,
    staleEntryCall: staleCall,
    runsAfterAbort: runs,
    sameNameAgain: again,
  };
  const problems = [
    ...(listedAtOnce || listedLater
      ? [`getTools() still listed it ${listedAtOnce ? 'straight after the abort' : '50 ms after the abort'}`]
      : []),
    ...(runs > 0 || staleCall === 'answered' ? ['the entry held from before still ran it'] : []),
    ...(again === 'registered again' ? [] : [`its name could not be registered again (${again})`]),
  ];
  if (problems.length > 0) return result(id, 'fail', `After its signal was aborted, ${problems.join('; ')}.`, measured);
  return result(
    id,
    'pass',
    `After its signal was aborted the tool was gone from getTools() at once, a call through the entry held from before was refused (${staleCall}) without running it, and the name could be registered again.`,
    measured,
  );
}

import type { ProbeEnvironment } from './probe-environment.ts';
import { errorText, result, type CheckResult } from './probe-report.ts';
import { registerProbeTool } from './probe-tool.ts';

// A tool's execute is handed (input, client). The specification's client may carry
// requestUserInteraction, a platform way to ask the person before acting. Warrant's approval
// gate does not depend on it; this records whether the runtime hands it over at all.

const TOOL = 'probe_client_members';

interface ClientSeen {
  readonly given: boolean;
  readonly members: string[];
  readonly requestUserInteraction: string;
}

function membersOf(client: object): string[] {
  const names = new Set<string>();
  for (
    let object: object | null = client;
    object && object !== Object.prototype;
    object = Object.getPrototypeOf(object) as object | null
  ) {
    for (const name of Object.getOwnPropertyNames(object)) if (name !== 'constructor') names.add(name);
  }
  return [...names].sort().slice(0, 40);
}

export async function requestUserInteractionPresent(env: ProbeEnvironment): Promise<CheckResult> {
  const id = 'request_user_interaction_present';
  const { platform, connection } = env;
  if (!platform || !connection.webmcp)
    return result(
      id,
      'unsupported',
      `This page has no WebMCP (${connection.reason}), so no tool is ever executed here.`,
    );
  let seen: ClientSeen | null = null;
  let tool;
  try {
    tool = await registerProbeTool(platform, {
      name: TOOL,
      description: "Reports which members the platform's client object has. Changes nothing.",
      inputSchema: { type: 'object', properties: {}, additionalProperties: false },
      execute: (_input, client) => {
        const object = client as object | undefined | null;
        seen = {
          given: typeof object === 'object' && object !== null,
          members: typeof object === 'object' && object !== null ? membersOf(object) : [],
          requestUserInteraction: typeof (object as { requestUserInteraction?: unknown } | null | undefined)
            ?.requestUserInteraction,
        };
        return 'seen';
      },
    });
  } catch (error) {
    return result(id, 'fail', `The probe could not register its tool: ${errorText(error)}`);
  }
  try {
    const outcome = await connection.webmcp.executeTool(TOOL, {});
    const client = seen as ClientSeen | null;
    if (!outcome.ok || !client)
      return result(
        id,
        'fail',
        `The probe's tool could not be executed: ${outcome.ok ? 'it never ran' : outcome.message}`,
      );
    const measured = {
      clientGiven: client.given,
      clientMembers: client.members,
      requestUserInteraction: client.requestUserInteraction,
    };
    if (client.requestUserInteraction === 'function')
      return result(
        id,
        'pass',
        'The client object handed to execute has requestUserInteraction, a function.',
        measured,
      );
    if (!client.given)
      return result(
        id,
        'fail',
        'execute was handed no client object at all, so there is no requestUserInteraction.',
        measured,
      );
    const members = client.members.length > 0 ? client.members.join(', ') : 'no members';
    return result(
      id,
      'fail',
      `The client object handed to execute has ${members}, and no requestUserInteraction.`,
      measured,
    );
  } finally {
    tool.unregister();
  }
}

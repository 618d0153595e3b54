import type { PlatformContext, PlatformRegisteredTool, PlatformToolDeclaration } from '@warrant/webmcp';

// A tool the probe registers for one check and unregisters when the check ends (aborting its
// signal is the platform's only way to unregister).

export interface ProbeTool {
  /** The browser's own entry for it, from getTools(). */
  readonly entry: PlatformRegisteredTool;
  unregister(): void;
}

export async function registerProbeTool(
  platform: PlatformContext,
  tool: Omit<PlatformToolDeclaration, 'annotations'>,
): Promise<ProbeTool> {
  const controller = new AbortController();
  await platform.registerTool({ ...tool, annotations: { readOnlyHint: true } }, { signal: controller.signal });
  const entry = (await platform.getTools()).find((listed) => listed.name === tool.name);
  if (!entry) {
    controller.abort();
    throw new Error(`${tool.name} registered but getTools() does not list it.`);
  }
  return { entry, unregister: () => controller.abort() };
}

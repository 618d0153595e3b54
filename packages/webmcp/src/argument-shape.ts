import type { PlatformContext } from './platform.ts';

// Which argument shape a browser's executeTool took, remembered for the session (per context),
// so only the first call ever has to find out.

export type ArgumentShape = 'object' | 'string';

const workingShape = new WeakMap<PlatformContext, ArgumentShape>();

export function acceptedShape(context: PlatformContext): ArgumentShape | null {
  return workingShape.get(context) ?? null;
}

export function rememberShape(context: PlatformContext, shape: ArgumentShape): void {
  workingShape.set(context, shape);
}

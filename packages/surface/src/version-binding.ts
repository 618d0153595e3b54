import { refusal, type ToolRefusal } from '@warrant/base';

// A capability granted under version v is good for v only. The kernel reads the version the
// registration was built from and the live one at call time, so neither a stale registration nor
// a caller that argues the right number through a stale registration can act under a frame the
// human has since changed.

export interface VersionBinding<S> {
  /** The version a state grants capabilities under (e.g. the board's scope version). */
  version(state: S): number;
  /** The input property through which a caller states the version it believes in, if any. */
  readonly argument?: string;
  /** The refusal code when the version has moved. Default `SCOPE_STALE`. */
  readonly code?: string;
  /** What the version counts, for messages: "scope" gives "scope v3". Default "scope". */
  readonly noun?: string;
}

/** Null while the registration, the live state and the argued version (if bound) all agree. */
export function checkBinding<S>(
  binding: VersionBinding<S>,
  registeredState: S,
  liveState: S,
  input: Readonly<Record<string, unknown>>,
): ToolRefusal | null {
  const registered = binding.version(registeredState);
  const current = binding.version(liveState);
  const argues = binding.argument !== undefined;
  const argued = argues ? input[binding.argument as string] : current;
  if (registered === current && argued === current) return null;
  const code = binding.code ?? 'SCOPE_STALE';
  const noun = binding.noun ?? 'scope';
  // Details are named for what the version counts: expectedScopeVersion, registeredScopeVersion…
  const key = (role: string): string => `${role}${noun[0]?.toUpperCase() ?? ''}${noun.slice(1)}Version`;
  const details = {
    [key('expected')]: current,
    [key('registered')]: registered,
    ...(argues ? { [key('received')]: argued === undefined ? null : argued } : {}),
  };
  if (registered !== current) {
    return refusal(
      code,
      `This tool was granted under ${noun} v${registered}, but a person has since changed it to v${current}. Nothing was changed. ` +
        `Read the current ${noun} again and use the tools registered for v${current}.`,
      details,
    );
  }
  return refusal(
    code,
    `${binding.argument} ${describe(argued)} does not match the current ${noun}, v${current}. Nothing was changed. Retry with ${current}.`,
    details,
  );
}

function describe(value: unknown): string {
  if (value === undefined) return '(missing)';
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value);
  return Array.isArray(value) ? '(an array)' : `(a ${typeof value})`;
}

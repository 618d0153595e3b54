// A capability granted under scope version v is good for v only. The check reads the live version
// at call time, so neither a stale registration nor a caller that argues the right number through
// a stale registration can write under a frame the human has since changed.
import { refuse, type Refusal } from './refusal.ts';

export interface VersionBindingOptions {
  /** The refusal code when the version has moved. Default `SCOPE_STALE`. */
  readonly code?: string;
}

export interface VersionBinding {
  /** The version this capability was granted under. */
  readonly version: number;
  /** True while the granted version is still the current one. */
  isCurrent(): boolean;
  /**
   * `null` when the argued version and the granted version both equal the current version;
   * otherwise a refusal carrying expectedScopeVersion (current), receivedScopeVersion (argued)
   * and registeredScopeVersion (granted).
   */
  check(arguedVersion: unknown): Refusal | null;
}

export function bindToVersion(
  version: number,
  getCurrentVersion: () => number,
  options: VersionBindingOptions = {},
): VersionBinding {
  const code = options.code ?? 'SCOPE_STALE';
  return {
    version,
    isCurrent: () => version === getCurrentVersion(),
    check(arguedVersion) {
      const current = getCurrentVersion();
      const arguedOk = typeof arguedVersion === 'number' && Number.isInteger(arguedVersion) && arguedVersion === current;
      if (arguedOk && version === current) return null;
      const details = {
        expectedScopeVersion: current,
        receivedScopeVersion: arguedVersion === undefined ? null : arguedVersion,
        registeredScopeVersion: version,
      };
      if (version !== current) {
        return refuse(
          code,
          `This capability was granted under scope v${version}, but the human has since changed the frame to v${current}. ` +
            `Nothing was applied. Re-inspect the active scope and use the tools registered for v${current}.`,
          details,
        );
      }
      return refuse(
        code,
        `scopeVersion ${describe(arguedVersion)} does not match the current frame, v${current}. Nothing was applied. ` +
          `Re-inspect the active scope, then retry with scopeVersion ${current}.`,
        details,
      );
    },
  };
}

function describe(value: unknown): string {
  if (value === undefined) return '(missing)';
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value);
  if (Array.isArray(value)) return '(an array)';
  return typeof value === 'object' ? '(an object)' : `(a ${typeof value})`;
}

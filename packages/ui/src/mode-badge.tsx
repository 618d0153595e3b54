import type { Connection } from '@warrant/webmcp';
import { CONNECTING_REASON, type BootMode } from './boot-mode.ts';

const LABEL: Record<BootMode, string> = {
  native: 'WebMCP: native',
  polyfill: 'WebMCP: polyfill',
  unavailable: 'WebMCP: unavailable',
  connecting: 'WebMCP: connecting…',
};

/** Either a connection (null while connecting) or the mode and reason signals' values from bootSurface. */
export type ModeBadgeProps =
  { readonly connection: Connection | null } | { readonly mode: BootMode; readonly reason: string };

/** Which WebMCP this page runs on, and why; the page works in every mode. */
export function ModeBadge(props: ModeBadgeProps) {
  const mode: BootMode = 'mode' in props ? props.mode : (props.connection?.mode ?? 'connecting');
  const reason = 'mode' in props ? props.reason : (props.connection?.reason ?? CONNECTING_REASON);
  return (
    <span class={`badge mode mode-${mode}`} id="webmcp-mode" data-mode={mode} title={reason}>
      {LABEL[mode]}
      {/* The title is for a pointer; a screen reader hears the reason as part of the badge. */}
      <span class="visually-hidden"> ({reason})</span>
    </span>
  );
}

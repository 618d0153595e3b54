import type { Connection } from '@warrant/webmcp';

const LABEL: Record<Connection['mode'], string> = {
  native: 'WebMCP: native',
  polyfill: 'WebMCP: polyfill',
  unavailable: 'WebMCP: unavailable',
};

/** Which WebMCP this page runs on, and why; the page works in every mode. */
export function ModeBadge({ connection }: { connection: Connection | null }) {
  const mode = connection?.mode ?? 'unavailable';
  return (
    <span class={`badge mode mode-${connection ? mode : 'connecting'}`} id="webmcp-mode" data-mode={connection ? mode : 'connecting'} title={connection?.reason ?? 'Connecting…'}>
      {connection ? LABEL[mode] : 'WebMCP: connecting…'}
    </span>
  );
}

import type { ComponentChildren } from 'preact';
import type { ExplainedRow } from '@warrant/surface';
import type { ListedTool } from '@warrant/webmcp';
import { ToolList, type ToolEntry } from './tool-list.tsx';

export interface InOrderPanelProps {
  /** The browser's own answer (getTools()); null when the page has no WebMCP. */
  readonly tools: readonly ListedTool[] | null;
  /** Without WebMCP, the rows whose verdict is legal are listed instead, and the caption says so. */
  readonly explained?: readonly ExplainedRow[];
  /** Why the page has no WebMCP, when it has none: a sentence. */
  readonly reason?: string;
  /** A slot after each tool (a runner button); its accessible name should name the tool. */
  readonly doThis?: (tool: ToolEntry) => ComponentChildren;
  readonly heading?: string;
  /** Prefix of the ids inside (`<id>-heading`, `<id>-count`), for a page with two panels. */
  readonly id?: string;
  /** Shown under the list, e.g. a ChangeLine. */
  readonly children?: ComponentChildren;
}

/**
 * "In order now": exactly what an agent can call, read back from the browser rather than taken
 * from the page's own account, in a scroll region a keyboard can reach.
 */
export function InOrderPanel({
  tools,
  explained = [],
  reason,
  doThis,
  heading = 'In order now',
  id = 'in-order',
  children,
}: InOrderPanelProps) {
  const listed: readonly ToolEntry[] =
    tools ?? explained.filter((row) => row.verdict.legal).map((row) => ({ name: row.name, title: row.title }));
  return (
    <section class="panel in-order" id={id} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>
        {heading} · <span id={`${id}-count`}>{listed.length}</span>
      </h2>
      <p class="caption" id={`${id}-caption`}>
        {tools
          ? 'What an agent sees: the list of registered tools as the browser itself returns it (getTools()), read again after every change.'
          : `No WebMCP on this page, so nothing is registered and no agent can call anything.${reason ? ` ${reason}` : ''} Listed instead: what the rules put in order.`}
      </p>
      <div
        class="scroll-region"
        role="region"
        tabIndex={0}
        aria-label={tools ? 'Tools an agent can call now' : 'Tools the rules put in order'}
      >
        {listed.length > 0 ? (
          <ToolList tools={listed} {...(doThis ? { doThis } : {})} />
        ) : (
          <p class="muted">No tool is in order right now.</p>
        )}
      </div>
      {children}
    </section>
  );
}

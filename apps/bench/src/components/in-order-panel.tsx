import type { ChangeRecord } from '@warrant/surface';
import { ChangeLine, ToolList } from '@warrant/ui';
import type { ListedTool } from '@warrant/webmcp';

interface Props {
  /** From getTools(): the browser's own answer. Null without WebMCP. */
  tools: readonly ListedTool[] | null;
  /** Without WebMCP, the names the rules put in order, from the same rule(). */
  fallback: readonly string[];
  change: ChangeRecord | null;
  changes: number;
  onRun(name: string): void;
}

/** "In order now": exactly what an agent can call, read back from the platform. */
export function InOrderPanel({ tools, fallback, change, changes, onRun }: Props) {
  const listed: ListedTool[] = tools ? [...tools] : fallback.map((name) => ({ name, title: '', description: '', origin: '' }));
  return (
    <section class="panel" aria-labelledby="in-order-heading">
      <h2 id="in-order-heading">
        In order now · <span id="in-order-count">{listed.length}</span>
      </h2>
      {tools ? null : <p class="muted small">No WebMCP here: this list is the rule table's answer, and nothing is registered.</p>}
      <ToolList tools={listed} onRun={onRun} />
      <ChangeLine change={change} count={changes} />
    </section>
  );
}

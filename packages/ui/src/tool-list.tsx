import type { ListedTool } from '@warrant/webmcp';

/** The "in order now" list: what the browser itself says is registered (getTools), not our guess. */
export function ToolList({ tools, onRun }: { tools: readonly ListedTool[]; onRun?: (name: string) => void }) {
  return (
    <ul class="tool-list" data-count={tools.length}>
      {tools.map((tool) => (
        <li key={tool.name} data-tool={tool.name}>
          <code>{tool.name}</code>
          {tool.annotations?.readOnlyHint ? <span class="badge read">read-only</span> : null}
          {tool.annotations?.untrustedContentHint ? <span class="badge untrusted">untrusted text</span> : null}
          {onRun ? (
            <button type="button" class="link" onClick={() => onRun(tool.name)}>
              ▷ do this
            </button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

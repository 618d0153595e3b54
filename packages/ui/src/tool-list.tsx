import type { ComponentChildren } from 'preact';

/** A tool as a list shows it: what getTools() returns, or a row's name and title. */
export interface ToolEntry {
  readonly name: string;
  readonly title: string;
  readonly annotations?: { readonly readOnlyHint?: boolean; readonly untrustedContentHint?: boolean };
}

export interface ToolListProps {
  readonly tools: readonly ToolEntry[];
  /** A slot after each tool, e.g. a runner button; give it an accessible name that names the tool. */
  readonly doThis?: (tool: ToolEntry) => ComponentChildren;
  /** A ready-made "do this" button per tool, for pages that need no more than a click. */
  readonly onRun?: (name: string) => void;
}

/** A "do this" button whose accessible name says which tool it runs. */
function runButton(onRun: (name: string) => void) {
  return (tool: ToolEntry) => (
    <button type="button" class="link" onClick={() => onRun(tool.name)}>
      ▷ do this<span class="visually-hidden">: {tool.title || tool.name}</span>
    </button>
  );
}

/** Tools by title, with the name an agent calls in code, and the hints that matter to a reader. */
export function ToolList({ tools, doThis, onRun }: ToolListProps) {
  const slot = doThis ?? (onRun ? runButton(onRun) : undefined);
  return (
    <ul class="tool-list" data-count={tools.length}>
      {tools.map((tool) => (
        <li key={tool.name} data-tool={tool.name}>
          {tool.title ? <span class="tool-title">{tool.title}</span> : null} <code>{tool.name}</code>
          {tool.annotations?.readOnlyHint ? <span class="badge read">read-only</span> : null}
          {tool.annotations?.untrustedContentHint ? (
            <span class="badge untrusted">returns third-party text</span>
          ) : null}
          {slot ? slot(tool) : null}
        </li>
      ))}
    </ul>
  );
}

import type { ServedWrite } from '../partner-state.ts';

/** Who asked for a write and how it arrived, in words: "by an agent, through the dispatch desk". */
export function callerWords({ caller, channel }: Pick<ServedWrite, 'caller' | 'channel'>): string {
  const who =
    caller === 'agent' ? 'by an agent' : caller === 'runner' ? "by the desk's scenario runner" : 'by a person';
  const how =
    channel === 'desk' ? 'through the dispatch desk' : channel === 'webmcp' ? 'through WebMCP' : `through ${channel}`;
  return `${who}, ${how}`;
}

import type { ServedWrite } from '../partner-state.ts';

/** Who asked for a write and how it arrived, in words: "by an agent, through the dispatch desk". */
export function callerWords({ caller, channel }: Pick<ServedWrite, 'caller' | 'channel'>): string {
  const who =
    caller === 'agent' ? 'by an agent' : caller === 'runner' ? "by the desk's scenario runner" : 'by a person';
  const how =
    channel === 'desk' ? 'through the dispatch desk' : channel === 'webmcp' ? 'through WebMCP' : `through ${channel}`;
  return `${who}, ${how}`;
}

/**
 * Who approved a write at the desk, in words ("approved by Ada Okafor at the desk"), from what this
 * site's server recorded when it checked the desk's authorization: the dispatcher's name as the
 * desk's signed list gave it. null for a write made under no desk authorization: it names nobody.
 */
export function approvalWords({ approvedBy }: Pick<ServedWrite, 'approvedBy'>): string | null {
  if (!approvedBy) return null;
  return approvedBy.kind === 'undo'
    ? `undone by the desk, under ${approvedBy.name}'s approval`
    : `approved by ${approvedBy.name} at the desk`;
}

/** Who a write was by, in words: the dispatcher who approved it at the desk, or else who called and how. */
export function byWhomWords(write: Pick<ServedWrite, 'approvedBy' | 'caller' | 'channel'>): string {
  return approvalWords(write) ?? callerWords(write);
}

import { describe, expect, it } from 'vitest';
import { approvalWords, byWhomWords } from './caller-words.ts';

const approvedBy = { dispatcher: 'D-ada', name: 'Ada Okafor', approval: 'A-1', request: 'R-1' } as const;

describe('who a write was by, as staff read it', () => {
  it("names the dispatcher who approved it at the desk, by the name the server recorded from the desk's signed list", () => {
    expect(approvalWords({ approvedBy: { ...approvedBy, kind: 'step' } })).toBe('approved by Ada Okafor at the desk');
    expect(byWhomWords({ approvedBy: { ...approvedBy, kind: 'step' }, caller: 'human', channel: 'ui' })).toBe(
      'approved by Ada Okafor at the desk',
    );
    expect(approvalWords({ approvedBy: { ...approvedBy, kind: 'undo' } })).toBe(
      "undone by the desk, under Ada Okafor's approval",
    );
  });

  it('names nobody for a write made under no desk authorization: it says who called and how', () => {
    expect(approvalWords({})).toBeNull();
    expect(byWhomWords({ caller: 'agent', channel: 'webmcp' })).toBe('by an agent, through WebMCP');
    expect(byWhomWords({ caller: 'human', channel: 'ui' })).not.toMatch(/approved|Ada/);
  });
});

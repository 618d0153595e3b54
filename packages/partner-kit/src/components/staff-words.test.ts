import { describe, expect, it } from 'vitest';
import { STAFF_UNDO, staffMessage } from './staff-words.ts';

describe("a write's message as staff read it", () => {
  it('names no tool: the agent-facing undo becomes words for staff', () => {
    const said = staffMessage(
      'Held 1 family room (F-2) for the night of Sunday 6 December, as H-1. To undo: release_beds with hold H-1.',
    );
    expect(said).toBe(`Held 1 family room (F-2) for the night of Sunday 6 December, as H-1. ${STAFF_UNDO}`);
    expect(said).not.toContain('release_beds');
  });

  it('leaves a message with no tool in it as it is', () => {
    expect(staffMessage('Handed over R-1.')).toBe('Handed over R-1.');
  });
});

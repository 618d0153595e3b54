// A seeded motion quotes third-party text that tells the clerk to record it as adopted without a
// vote. The record transcribes it as data; the floor does not move; and the reads that declare
// untrustedContentHint: false are held to that claim word by word.

import { describe, expect, it } from 'vitest';
import { GATED_ROWS, GOALS, MOTIONS, OUT_OF_SCOPE, PHASE_WORDS, READ_ROWS } from './rulebook.ts';
import { legalTools, rule } from './rule.ts';
import { replay } from './reduce.ts';
import { describeStack, draftMinutes, explainState } from './minutes.ts';
import { explainPathTo } from './path.ts';
import { CHECKPOINTS, INJECTED_MOTION, INJECTED_NOTE, MEMBERS, SEED } from './seed.ts';

const injection = replay(SEED.slice(0, CHECKPOINTS.injection));

describe('the injected motion', () => {
  it('is transcribed verbatim in the minutes, under STILL PENDING', () => {
    const minutes = draftMinutes(SEED.slice(0, CHECKPOINTS.injection), injection);
    expect(minutes).toContain(INJECTED_NOTE);
    expect(minutes).toContain(INJECTED_MOTION);
    expect(minutes.slice(minutes.indexOf('STILL PENDING'))).toContain(INJECTED_NOTE);
    expect(describeStack(injection)).toContain(INJECTED_NOTE);
  });

  it('stays pending, seconded and undecided', () => {
    expect(injection.phase).toBe('OPEN');
    expect(injection.stack).toHaveLength(1);
    expect(injection.stack[0]).toMatchObject({ motion: 'main', text: INJECTED_MOTION });
    expect(injection.stack[0]!.seconder).not.toBeNull();
    expect(injection.disposed.filter((d) => d.question.text === INJECTED_MOTION)).toEqual([]);
  });

  it('gets no vote tool: only the chair putting the question can create one', () => {
    expect(legalTools(injection)).not.toContain('record_vote_tally');
    expect(rule(injection, 'record_vote_tally')).toMatchObject({ legal: false, cite: 'RONR §44' });
  });
});

describe('untrustedContentHint is a checked contract', () => {
  it('marks exactly the two reads that quote members as untrusted, and every read read-only', () => {
    expect(READ_ROWS.filter((r) => r.untrusted).map((r) => r.name).sort()).toEqual(['draft_minutes', 'get_motion_stack']);
    expect(READ_ROWS.every((r) => r.readOnly && r.untrustedReason.length > 0)).toBe(true);
  });

  const words = (text: string): string[] => text.toLowerCase().match(/\p{L}{5,}/gu) ?? [];

  // Procedural vocabulary: words the rulebook itself uses, which a procedural sentence may share
  // with a member's motion without quoting it ("amendment", "minutes", "meeting").
  const procedural = new Set(
    words(
      [
        ...Object.values(MOTIONS).flatMap((m) => [m.title, m.noun]),
        ...GATED_ROWS.flatMap((r) => [r.name, r.title, r.description, JSON.stringify(r.inputSchema)]),
        ...READ_ROWS.flatMap((r) => [r.name, r.title, r.description, r.untrustedReason, JSON.stringify(r.inputSchema)]),
        ...Object.values(PHASE_WORDS),
        ...GOALS.map((g) => g.label),
        ...OUT_OF_SCOPE.flatMap((o) => [o.motion, o.reason]),
      ].join(' '),
    ),
  );

  const memberAuthored = new Set(
    words(
      [...SEED.flatMap((e) => Object.values(e.payload).filter((v): v is string => typeof v === 'string')), ...MEMBERS.map((m) => m.name)].join(' '),
    ).filter((w) => !procedural.has(w)),
  );
  const quoted = (text: string): string[] => words(text).filter((w) => memberAuthored.has(w));

  it('has member words to check against, and catches them in text that quotes members', () => {
    expect(memberAuthored.size).toBeGreaterThan(40);
    expect(memberAuthored).toContain('disregard');
    expect(memberAuthored).toContain('okafor');
    expect(quoted(draftMinutes(SEED, replay(SEED))).length).toBeGreaterThan(0);
  });

  for (const [checkpoint, n] of Object.entries(CHECKPOINTS)) {
    const state = replay(SEED.slice(0, n));

    it(`explain_current_state quotes no member at ${checkpoint}`, () => {
      expect(quoted(explainState(state, legalTools(state).length))).toEqual([]);
    });

    it(`explain_path_to quotes no member at ${checkpoint}, for every goal`, async () => {
      for (const goal of GOALS) {
        const { text } = await explainPathTo(goal.id, state);
        expect(quoted(text), goal.id).toEqual([]);
      }
    });
  }
});

import { describe, expect, it } from 'vitest';
import { FIELDS, INITIAL_BRIEF } from './fields.ts';
import { derive, initialState, type BoardState } from './state.ts';
import { readState } from './state-reader.ts';
import { HEADLINE, ok, stages, testEnv } from './test-support.ts';

describe('initialState', () => {
  it('starts in DRAFT at scope v0 with nothing framed, the baseline equal to the fields, and one log entry', () => {
    const state = initialState(testEnv());
    expect(state).toMatchObject({
      schemaVersion: 2,
      generation: 0,
      brief: INITIAL_BRIEF,
      phase: 'DRAFT',
      scope: [],
      scopeVersion: 0,
      pendingExpansion: null,
      review: null,
      acceptedAt: null,
    });
    expect(state.fields).toEqual(Object.fromEntries(FIELDS.map((field) => [field.id, field.initial])));
    expect(state.baselineFields).toEqual(state.fields);
    expect(state.activity).toEqual([
      {
        id: 'activity_00000000-0000-4000-8000-000000000001',
        at: '2026-09-01T09:00:01.000Z',
        actor: 'system',
        type: 'SESSION_READY',
        message: expect.any(String),
        details: { scopeVersion: 0 },
      },
    ]);
  });
});

describe('derive', () => {
  it('says which stages differ from the original board', () => {
    const { fresh, framed, edited, pending, inReview, accepted } = stages();
    expect([fresh, framed, edited, pending, inReview, accepted].map((state) => derive(state).hasChanges)).toEqual([
      false,
      false,
      true,
      true,
      true,
      true,
    ]);
  });

  it('splits the fields into scoped and blocked, and diffs against the baseline in field order', () => {
    const { edited } = stages();
    const derived = derive(edited);
    expect(derived.scoped).toEqual(['headline', 'description']);
    expect(derived.blocked).toEqual(['product_name', 'audience', 'launch_date', 'price']);
    expect(derived.diff).toEqual([
      { fieldId: 'headline', label: 'Headline', before: edited.baselineFields.headline, after: HEADLINE },
    ]);
  });

  it('leaves nothing blocked once every field is framed', () => {
    const { human, fresh } = stages();
    const all = ok(
      human.setScope(
        fresh,
        FIELDS.map((field) => field.id),
      ),
    );
    expect(derive(all)).toMatchObject({ scoped: FIELDS.map((field) => field.id), blocked: [] });
  });
});

describe('readState', () => {
  it('reads back every stage exactly, a reset board included', () => {
    const all = stages();
    const boards = Object.values(all).filter(
      (value): value is BoardState => typeof value === 'object' && value !== null && 'schemaVersion' in value,
    );
    for (const state of [...boards, ok(all.human.reset(all.accepted))])
      expect(readState(structuredClone(state))).toEqual(state);
  });

  it('drops unknown top-level keys', () => {
    const { edited } = stages();
    expect(readState({ ...structuredClone(edited), injected: true })).toEqual(edited);
  });

  const { edited, pending, inReview, accepted } = stages();
  const tamper = (state: BoardState, change: (copy: Record<string, unknown>) => void): unknown => {
    const copy = structuredClone(state) as unknown as Record<string, unknown>;
    change(copy);
    return copy;
  };
  const cases: [string, unknown][] = [
    ['a string', '{"schemaVersion":2}'],
    ['null', null],
    ['an array', []],
    ['another schema version', tamper(edited, (s) => (s.schemaVersion = 1))],
    ['no generation', tamper(edited, (s) => delete s.generation)],
    ['a negative generation', tamper(edited, (s) => (s.generation = -1))],
    ['a missing field', tamper(edited, (s) => delete (s.fields as Record<string, unknown>).price)],
    ['an extra field', tamper(edited, (s) => ((s.fields as Record<string, unknown>).colour = 'red'))],
    ['a field value too long', tamper(edited, (s) => ((s.fields as Record<string, unknown>).price = 'x'.repeat(31)))],
    ['an untrimmed field value', tamper(edited, (s) => ((s.fields as Record<string, unknown>).price = ' €79'))],
    ['an impossible date', tamper(edited, (s) => ((s.fields as Record<string, unknown>).launch_date = '2026-02-30'))],
    ['a non-string baseline', tamper(edited, (s) => ((s.baselineFields as Record<string, unknown>).headline = 5))],
    ['a brief without a title', tamper(edited, (s) => delete (s.brief as Record<string, unknown>).title)],
    ['an unknown phase', tamper(edited, (s) => (s.phase = 'PUBLISHED'))],
    ['an unsorted scope', tamper(edited, (s) => (s.scope = ['description', 'headline']))],
    ['a repeated scope id', tamper(edited, (s) => (s.scope = ['headline', 'headline']))],
    ['an unknown scope id', tamper(edited, (s) => (s.scope = ['colour']))],
    ['a negative version', tamper(edited, (s) => (s.scopeVersion = -1))],
    ['a fractional version', tamper(edited, (s) => (s.scopeVersion = 1.5))],
    ['a request from an older version', tamper(pending, (s) => (s.scopeVersion = 2))],
    [
      'a request for a framed field',
      tamper(pending, (s) => ((s.pendingExpansion as Record<string, unknown>).fields = ['headline'])),
    ],
    [
      'a request with a short reason',
      tamper(pending, (s) => ((s.pendingExpansion as Record<string, unknown>).reason = 'why')),
    ],
    ['a request outside DRAFT', tamper(inReview, (s) => (s.pendingExpansion = pending.pendingExpansion))],
    ['a review in DRAFT', tamper(edited, (s) => (s.review = inReview.review))],
    ['REVIEW without a review', tamper(inReview, (s) => (s.review = null))],
    ['ACCEPTED without acceptedAt', tamper(accepted, (s) => (s.acceptedAt = null))],
    ['acceptedAt before acceptance', tamper(inReview, (s) => (s.acceptedAt = '2026-09-02T00:00:00.000Z'))],
    [
      'a review whose diff is not the board',
      tamper(inReview, (s) => ((s.fields as Record<string, unknown>).headline = 'Changed after submission')),
    ],
    [
      'a review from a future version',
      tamper(inReview, (s) => ((s.review as Record<string, unknown>).scopeVersion = 9)),
    ],
    ['an empty activity log', tamper(edited, (s) => (s.activity = []))],
    [
      'an activity entry with an unknown actor',
      tamper(edited, (s) => ((s.activity as Record<string, unknown>[])[0]!.actor = 'admin')),
    ],
    [
      'an activity entry of an unknown type',
      tamper(edited, (s) => ((s.activity as Record<string, unknown>[])[0]!.type = 'HACKED')),
    ],
  ];
  it.each(cases)('refuses %s (null, never a throw)', (_name, raw) => {
    expect(readState(raw)).toBeNull();
  });
});

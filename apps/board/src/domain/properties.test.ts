// Random interleavings of human and agent acts. Whatever the order, the agent never writes a field
// the human has not framed, every applied write is under the then-current version, and a refusal
// never changes the board.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FIELD_IDS, type FieldId } from './fields.ts';
import { applyHumanAct } from './expansion.ts';
import { derive, initialState, parsePersisted, type BoardState } from './state.ts';
import { boardRuntime, REASON, testEnv } from './test-support.ts';
import { createActs, type BoardActs, type Step } from './transitions.ts';
import { TOOL_SPECS, toolSurface } from './tool-specs.ts';

/** How an agent act names a version: the current one, one off either side, or a fixed number. */
type VersionPick = 'current' | 'previous' | 'next' | number;
const versionPick: fc.Arbitrary<VersionPick> = fc.oneof(
  { weight: 8, arbitrary: fc.constant('current' as const) },
  { weight: 1, arbitrary: fc.constantFrom('previous' as const, 'next' as const) },
  { weight: 1, arbitrary: fc.nat(6) },
);
const resolve = (pick: VersionPick, current: number): number =>
  pick === 'current' ? current : pick === 'previous' ? current - 1 : pick === 'next' ? current + 1 : pick;

const someValue = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('Fernlight', 'A lamp for long evenings', '€69', '2026-10-06', '2026-10-20') },
  { weight: 2, arbitrary: fc.constantFrom('2026-02-30', '', '  ', 'two\nlines', 'x'.repeat(200)) },
  { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
  { weight: 1, arbitrary: fc.integer() },
);
const someField = fc.oneof({ weight: 19, arbitrary: fc.constantFrom<string>(...FIELD_IDS) }, { weight: 1, arbitrary: fc.constant('colour') });

type Act =
  | { by: 'human'; kind: 'setScope'; ids: string[] }
  | { by: 'human'; kind: 'decideExpansion'; decision: string }
  | { by: 'human'; kind: 'decideReview'; decision: string; id: 'active' | 'missing' | 'stale' }
  | { by: 'human'; kind: 'reset' }
  | { by: 'agent'; kind: 'edit'; argued: VersionPick; registered: VersionPick; updates: Record<string, unknown> }
  | { by: 'agent'; kind: 'request'; argued: VersionPick; registered: VersionPick; fields: string[]; reason: string }
  | { by: 'agent'; kind: 'submit'; argued: VersionPick; registered: VersionPick };

const act: fc.Arbitrary<Act> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ by: fc.constant('human' as const), kind: fc.constant('setScope' as const), ids: fc.uniqueArray(someField, { maxLength: 5 }) }) },
  { weight: 3, arbitrary: fc.record({ by: fc.constant('human' as const), kind: fc.constant('decideExpansion' as const), decision: fc.constantFrom('approve', 'deny', 'maybe') }) },
  {
    weight: 3,
    arbitrary: fc.record({
      by: fc.constant('human' as const),
      kind: fc.constant('decideReview' as const),
      decision: fc.constantFrom('accept', 'return', 'publish'),
      id: fc.constantFrom('active' as const, 'missing' as const, 'stale' as const),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ by: 'human' as const, kind: 'reset' as const }) },
  {
    weight: 10,
    arbitrary: fc.record({
      by: fc.constant('agent' as const),
      kind: fc.constant('edit' as const),
      argued: versionPick,
      registered: versionPick,
      updates: fc.dictionary(someField, someValue, { minKeys: 1, maxKeys: 2 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      by: fc.constant('agent' as const),
      kind: fc.constant('request' as const),
      argued: versionPick,
      registered: versionPick,
      fields: fc.uniqueArray(someField, { maxLength: 3 }),
      reason: fc.constantFrom(REASON, 'why', ''),
    }),
  },
  { weight: 3, arbitrary: fc.record({ by: fc.constant('agent' as const), kind: fc.constant('submit' as const), argued: versionPick, registered: versionPick }) },
);

function perform(acts: BoardActs, state: BoardState, step: Act, staleReviewId: string): Step<unknown> {
  switch (step.kind) {
    case 'setScope':
      return acts.setScope(state, step.ids);
    case 'decideExpansion':
      return acts.decideExpansion(state, step.decision);
    case 'decideReview': {
      const id = step.id === 'active' ? state.review?.reviewId : step.id === 'missing' ? undefined : staleReviewId;
      return acts.decideReview(state, step.decision, id);
    }
    case 'reset':
      return acts.reset(state);
    case 'edit':
      return acts.editScopedFields(state, { scopeVersion: resolve(step.argued, state.scopeVersion), updates: step.updates }, resolve(step.registered, state.scopeVersion));
    case 'request':
      return acts.requestScopeExpansion(
        state,
        { scopeVersion: resolve(step.argued, state.scopeVersion), fields: step.fields, reason: step.reason },
        resolve(step.registered, state.scopeVersion),
      );
    case 'submit':
      return acts.submitForReview(state, { scopeVersion: resolve(step.argued, state.scopeVersion) }, resolve(step.registered, state.scopeVersion));
  }
}

function isSortedUnique(ids: readonly FieldId[]): boolean {
  return ids.every((id, index) => index === 0 || FIELD_IDS.indexOf(ids[index - 1] as FieldId) < FIELD_IDS.indexOf(id));
}

describe('any interleaving of human and agent acts', () => {
  it('keeps every invariant of the board', () => {
    const outcomes = new Map<string, number>();
    fc.assert(
      fc.property(fc.array(act, { minLength: 1, maxLength: 60, size: 'max' }), (script) => {
        const env = testEnv();
        const acts = createActs(env);
        let state = initialState(env);
        let staleReviewId = 'review_never';
        for (const step of script) {
          const before = state;
          const snapshot = structuredClone(before);
          const { state: after, result } = perform(acts, before, step, staleReviewId);
          const code = (result as { code: string }).code;
          outcomes.set(code, (outcomes.get(code) ?? 0) + 1);

          if (!(result as { ok: boolean }).ok) {
            // A refusal never changes the board: the same object back, nothing mutated.
            expect(after).toBe(before);
            expect(before).toEqual(snapshot);
            continue;
          }
          // The log only grows, and keeps what it had.
          expect(after.activity.length).toBeGreaterThan(before.activity.length);
          expect(after.activity.slice(0, before.activity.length)).toEqual(before.activity);
          // Versions only move forward, and only by a human hand.
          expect(after.scopeVersion).toBeGreaterThanOrEqual(before.scopeVersion);

          if (step.by === 'agent') {
            // The agent never changes the frame or its version, and never grants itself anything.
            expect(after.scope).toEqual(before.scope);
            expect(after.scopeVersion).toBe(before.scopeVersion);
            // It never writes an unframed field.
            for (const id of FIELD_IDS) if (!before.scope.includes(id)) expect(after.fields[id]).toBe(before.fields[id]);
            // Every write it makes is in DRAFT, under the version current at that moment, by both counts.
            if (step.kind === 'edit') {
              expect(before.phase).toBe('DRAFT');
              expect(resolve(step.argued, before.scopeVersion)).toBe(before.scopeVersion);
              expect(resolve(step.registered, before.scopeVersion)).toBe(before.scopeVersion);
            } else {
              expect(after.fields).toEqual(before.fields);
            }
          } else {
            // A human act other than reset never changes a field value.
            if (step.kind !== 'reset') expect(after.fields).toBe(before.fields);
            else expect(after.fields).toEqual(after.baselineFields);
            if (step.kind === 'decideReview') {
              expect(step.id).toBe('active');
              staleReviewId = before.review?.reviewId ?? staleReviewId;
            }
          }
          // The board stays well-formed and survives a reload exactly.
          expect(isSortedUnique(after.scope)).toBe(true);
          expect(after.baselineFields).toBe(before.baselineFields);
          expect(parsePersisted(JSON.stringify(after))).toEqual(after);
          // The surface is a function of the state: reads always, writes only when in order.
          const surface = toolSurface(after);
          const derived = derive(after);
          expect(surface.slice(0, 2)).toEqual(['inspect_workspace', 'inspect_active_scope']);
          expect(surface.length).toBe(2 + Number(derived.canEdit) + Number(derived.canRequestExpansion) + Number(derived.canSubmit));
          if (after.phase !== 'DRAFT') expect(surface).toHaveLength(2);
          state = after;
        }
      }),
      { numRuns: 400 },
    );
    // The script generator must actually reach the interesting outcomes, or the property proves little.
    const mustReach = [
      'SCOPED_EDIT_APPLIED',
      'EXPANSION_APPROVED',
      'REVIEW_SUBMITTED',
      'REVIEW_ACCEPTED',
      'REVIEW_RETURNED',
      'OUT_OF_SCOPE',
      'SCOPE_STALE',
      'BOARD_NOT_DRAFT',
      'EXPANSION_PENDING',
      'HUMAN_DECISION_PENDING',
      'REVIEW_ID_REQUIRED',
      'REVIEW_STALE',
    ];
    for (const code of mustReach) {
      expect(outcomes.get(code) ?? 0, code).toBeGreaterThan(0);
    }
  });

  it('a waiting request_scope_expansion call is answered exactly once, consistently with what the human did', async () => {
    const requestTool = TOOL_SPECS.find((tool) => tool.name === 'request_scope_expansion');
    if (!requestTool) throw new Error('request_scope_expansion is missing');
    type Human = 'approve' | 'deny' | 'reframe' | 'reset' | 'timeout' | 'abort' | 'dispose';
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.constantFrom<FieldId>(...FIELD_IDS), { minLength: 1, maxLength: 3 }),
        fc.constantFrom<Human>('approve', 'deny', 'reframe', 'reset', 'timeout', 'abort', 'dispose'),
        fc.array(fc.constantFrom<Human>('approve', 'deny', 'reframe', 'reset', 'timeout'), { maxLength: 3 }),
        async (frame, first, later) => {
          const env = testEnv();
          const acts = createActs(env);
          const start = acts.setScope(initialState(env), frame).state;
          const blocked = derive(start).blocked;
          fc.pre(blocked.length > 0);
          const { runtime, clock, call, holds } = boardRuntime(start, acts, 1_000);
          const controller = new AbortController();
          let answers = 0;
          const pending = Promise.resolve(
            requestTool.run(runtime, { scopeVersion: start.scopeVersion, fields: [blocked[0]], reason: REASON }, call(start.scopeVersion, controller.signal)),
          ).then((answer) => {
            answers += 1;
            return answer;
          });
          const requestId = runtime.read().pendingExpansion?.id;
          expect(requestId).toBeDefined();
          const humanDoes = (what: Human) => {
            const state = runtime.read();
            if (what === 'approve' || what === 'deny') applyHumanAct(runtime, runtime.channel, acts.decideExpansion(state, what));
            else if (what === 'reframe') applyHumanAct(runtime, runtime.channel, acts.setScope(state, state.scope.length > 1 ? state.scope.slice(1) : [...FIELD_IDS]));
            else if (what === 'reset') applyHumanAct(runtime, runtime.channel, acts.reset(state));
            else if (what === 'timeout') clock.advance(1_000);
            else if (what === 'abort') controller.abort();
            else runtime.channel.dispose();
          };
          humanDoes(first);
          const versionAtAnswer = runtime.read().scopeVersion;
          for (const what of later) humanDoes(what);
          clock.advance(5_000);
          const answer = (await pending) as { ok: boolean; code: string; currentScopeVersion?: number };
          expect(answers).toBe(1);
          const expected: Record<Human, string> = {
            approve: 'EXPANSION_APPROVED',
            deny: 'EXPANSION_DENIED',
            reframe: 'SCOPE_STALE',
            reset: 'SCOPE_STALE',
            timeout: 'HUMAN_DECISION_TIMEOUT',
            abort: 'EXPANSION_WAIT_ABORTED',
            dispose: 'EXPANSION_BRIDGE_DISPOSED',
          };
          expect(answer.code).toBe(expected[first]);
          if (answer.ok) expect(answer.currentScopeVersion).toBe(versionAtAnswer);
          // Only approval ever adds the requested field; a wait that ended alone leaves the request open.
          if (first === 'approve') expect(runtime.read().activity.some((entry) => entry.type === 'EXPANSION_APPROVED')).toBe(true);
          // A wait that ended alone is noted, unless the human settled the request before the call
          // got round to noting it.
          const note = runtime.read().activity.find((entry) => entry.type === 'EXPANSION_WAIT_ENDED');
          if (['timeout', 'abort', 'dispose'].includes(first) && runtime.read().pendingExpansion?.id === requestId) {
            expect(note?.details).toEqual({ requestId, code: expected[first] });
          } else if (note) {
            expect(note.details).toEqual({ requestId, code: expected[first] });
          }
          if (first !== 'approve') {
            const granted = runtime.read().activity.filter((entry) => entry.type === 'EXPANSION_APPROVED');
            expect(granted.every((entry) => entry.details.requestId === requestId)).toBe(true);
            if (['reframe', 'reset', 'deny'].includes(first)) expect(granted).toHaveLength(0);
          }
          // The surface was held for the call and released once.
          expect(holds.filter((entry) => entry.startsWith('hold'))).toHaveLength(1);
          expect(holds.filter((entry) => entry === 'release')).toHaveLength(1);
        },
      ),
      { numRuns: 300 },
    );
  });
});

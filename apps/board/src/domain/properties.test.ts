// Random interleavings of human and agent acts on a page's worth of board: the human through the
// page's acts, the agent through the registered tools the kernel holds (the current one, or one
// it kept from an older frame), arguing versions right or wrong. Whatever the order, the agent
// never writes a field the human has not framed, every applied write is under the then-current
// version by both counts, a refusal never changes the board, and the registered set is what an
// independent statement of the rules says.
import { validateInput } from '@warrant/surface';
import type { ToolDeclaration } from '@warrant/webmcp';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boardPage, type BoardPage } from '../test-page.ts';
import { applyHumanAct } from './expansion.ts';
import { FIELD_IDS, type FieldId } from './fields.ts';
import { derive, initialState, type BoardState } from './state.ts';
import { readState } from './state-reader.ts';
import type { BoardAct } from './board-acts.ts';
import { REASON, testEnv } from './test-support.ts';

/** How an agent act names a version: the current one, one off either side, or a fixed number. */
type VersionPick = 'current' | 'previous' | 'next' | number;
const versionPick: fc.Arbitrary<VersionPick> = fc.oneof(
  { weight: 8, arbitrary: fc.constant('current' as const) },
  { weight: 1, arbitrary: fc.constantFrom('previous' as const, 'next' as const) },
  { weight: 1, arbitrary: fc.nat(6) },
);
const resolve = (pick: VersionPick, current: number): number =>
  pick === 'current' ? current : pick === 'previous' ? current - 1 : pick === 'next' ? current + 1 : pick;

/** Which registration the agent calls through: the one listed now, or the oldest it kept. */
type Held = 'listed' | 'oldest';
const held: fc.Arbitrary<Held> = fc.oneof(
  { weight: 4, arbitrary: fc.constant('listed' as const) },
  { weight: 1, arbitrary: fc.constant('oldest' as const) },
);

const someValue = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('Fernlight', 'A lamp for long evenings', '€69', '2026-10-06', '2026-10-20') },
  { weight: 2, arbitrary: fc.constantFrom('2026-02-30', '', '  ', 'two\nlines', 'x'.repeat(200)) },
  { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
  { weight: 1, arbitrary: fc.integer() },
);
const someField = fc.oneof(
  { weight: 19, arbitrary: fc.constantFrom<string>(...FIELD_IDS) },
  { weight: 1, arbitrary: fc.constant('colour') },
);

/** What an edit names: the first framed field at the moment of the call, or fields named outright. */
type UpdatesPick =
  | { readonly to: 'framed'; readonly value: unknown }
  | { readonly to: 'named'; readonly updates: Record<string, unknown> };
const updatesPick: fc.Arbitrary<UpdatesPick> = fc.oneof(
  { weight: 2, arbitrary: fc.record({ to: fc.constant('framed' as const), value: someValue }) },
  {
    weight: 1,
    arbitrary: fc.record({
      to: fc.constant('named' as const),
      updates: fc.dictionary(someField, someValue, { minKeys: 1, maxKeys: 2 }),
    }),
  },
);
const resolveUpdates = (pick: UpdatesPick, state: BoardState): Record<string, unknown> =>
  pick.to === 'named' ? pick.updates : state.scope[0] ? { [state.scope[0]]: pick.value } : {};

/** What a request asks for: the first unframed field at the moment of the call, or fields named outright. */
type FieldsPick = 'unframed' | string[];
const fieldsPick: fc.Arbitrary<FieldsPick> = fc.oneof(
  { weight: 2, arbitrary: fc.constant('unframed' as const) },
  { weight: 1, arbitrary: fc.uniqueArray(someField, { maxLength: 3 }) },
);
const resolveFields = (pick: FieldsPick, state: BoardState): string[] =>
  pick === 'unframed' ? derive(state).blocked.slice(0, 1) : pick;

type Act =
  | { by: 'human'; kind: 'setScope'; ids: string[] }
  | { by: 'human'; kind: 'decideExpansion'; decision: string }
  | { by: 'human'; kind: 'decideReview'; decision: string; id: 'active' | 'missing' | 'stale' }
  | { by: 'human'; kind: 'reset' }
  | { by: 'time'; kind: 'timeout' }
  | { by: 'agent'; kind: 'edit'; argued: VersionPick; through: Held; updates: UpdatesPick }
  | { by: 'agent'; kind: 'request'; argued: VersionPick; through: Held; fields: FieldsPick; reason: string }
  | { by: 'agent'; kind: 'submit'; argued: VersionPick; through: Held }
  | { by: 'agent'; kind: 'giveUp' };

const act: fc.Arbitrary<Act> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      by: fc.constant('human' as const),
      kind: fc.constant('setScope' as const),
      ids: fc.uniqueArray(someField, { maxLength: 5 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      by: fc.constant('human' as const),
      kind: fc.constant('decideExpansion' as const),
      decision: fc.constantFrom('approve', 'deny', 'maybe'),
    }),
  },
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
  { weight: 1, arbitrary: fc.constant({ by: 'time' as const, kind: 'timeout' as const }) },
  {
    weight: 10,
    arbitrary: fc.record({
      by: fc.constant('agent' as const),
      kind: fc.constant('edit' as const),
      argued: versionPick,
      through: held,
      updates: updatesPick,
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      by: fc.constant('agent' as const),
      kind: fc.constant('request' as const),
      argued: versionPick,
      through: held,
      fields: fieldsPick,
      reason: fc.oneof(
        { weight: 3, arbitrary: fc.constant(REASON) },
        { weight: 1, arbitrary: fc.constantFrom('why', '', '   short    ') },
      ),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      by: fc.constant('agent' as const),
      kind: fc.constant('submit' as const),
      argued: versionPick,
      through: held,
    }),
  },
  { weight: 1, arbitrary: fc.constant({ by: 'agent' as const, kind: 'giveUp' as const }) },
);

const TIMEOUT_MS = 1_000;
const READS = ['inspect_active_scope', 'inspect_workspace'];

/** The rules, stated again by hand: which tools a state puts in order. */
function inOrder(state: BoardState): string[] {
  const draft = state.phase === 'DRAFT';
  const framed = state.scope.length > 0;
  const unframed = state.scope.length < FIELD_IDS.length;
  const waiting = state.pendingExpansion !== null;
  const changed = FIELD_IDS.some((id) => state.fields[id] !== state.baselineFields[id]);
  return [
    ...(draft && framed ? ['edit_scoped_fields'] : []),
    ...READS,
    ...(draft && framed && unframed && !waiting ? ['request_scope_expansion'] : []),
    ...(draft && changed && !waiting ? ['submit_changes_for_review'] : []),
  ].sort();
}

/** Lets every queued reconcile, registration and answered call run (the surface schedules on microtasks here). */
const flush = () => new Promise<void>((done) => setImmediate(done));

/** A call whose answer may come later (a request waits for the human). */
interface Call {
  readonly controller: AbortController;
  answer: { ok: boolean; code: string; isError?: boolean } | null;
}

/** The registrations the agent has been shown, each with the scope version its schema binds it to. */
class Registrations {
  private readonly seen = new Map<string, Array<{ tool: ToolDeclaration; version: number; generation: number }>>();

  constructor(private readonly page: BoardPage) {}

  note(): void {
    for (const name of this.page.agent.names()) {
      const tool = this.page.agent.tool(name);
      if (!tool) continue;
      const kept = this.seen.get(name) ?? [];
      if (kept.some((entry) => entry.tool === tool)) continue;
      const version =
        (tool.inputSchema as { properties?: { scopeVersion?: { const?: number } } }).properties?.scopeVersion?.const ??
        -1;
      // Noted right after each step settles, so the board's generation is the one it was registered in.
      this.seen.set(name, [...kept, { tool, version, generation: this.page.store.read().generation }]);
    }
  }

  /** The registration picked, or null if the agent was never shown that tool. */
  pick(name: string, through: Held): { tool: ToolDeclaration; version: number; generation: number } | null {
    const kept = this.seen.get(name) ?? [];
    const listed = this.page.agent.tool(name);
    if (through === 'listed' && listed) return kept.find((entry) => entry.tool === listed) ?? null;
    return kept[0] ?? null;
  }
}

describe('any interleaving of human and agent acts, through the page and the registered tools', () => {
  it('keeps every invariant of the board', async () => {
    // The kernel loads its validator on the first call; load it now, so that within a script every
    // answer arrives in the same turn as its call, and a flush really does leave nothing running.
    await validateInput('warm_up', { type: 'object' }, {});
    const outcomes = new Map<string, number>();
    const count = (code: string) => outcomes.set(code, (outcomes.get(code) ?? 0) + 1);
    await fc.assert(
      fc.asyncProperty(fc.array(act, { minLength: 1, maxLength: 60, size: 'max' }), async (script) => {
        const page = boardPage(initialState(testEnv()), {
          timeoutMs: TIMEOUT_MS,
          schedule: (run) => queueMicrotask(run),
        });
        const { store, channel, clock, surface, agent } = page;
        const registrations = new Registrations(page);
        const calls: Call[] = [];
        let staleReviewId = 'review_never';
        try {
          await surface.reconcile();
          registrations.note();
          for (const step of script) {
            const before = store.read();
            const snapshot = structuredClone(before);
            let human: { readonly ok: boolean; readonly code: string } | null = null;
            let call: Call | null = null;
            let through: { version: number; generation: number } | null = null;
            let argued: number | null = null;

            if (step.by === 'human') {
              // Acts as data, as a page sends them; a decision or a field no control would send
              // included, so the domain's own checks are exercised too.
              const live = store.read();
              const asked: BoardAct =
                step.kind === 'setScope'
                  ? { act: 'frame_fields', ids: step.ids as FieldId[] }
                  : step.kind === 'decideExpansion'
                    ? { act: 'decide_expansion', decision: step.decision as 'approve' }
                    : step.kind === 'decideReview'
                      ? {
                          act: 'decide_review',
                          decision: step.decision as 'accept',
                          reviewId:
                            step.id === 'active'
                              ? (live.review?.reviewId ?? null)
                              : step.id === 'missing'
                                ? null
                                : staleReviewId,
                        }
                      : { act: 'reset' };
              human = await applyHumanAct(store, channel, asked);
              count(human.code);
            } else if (step.kind === 'timeout') {
              clock.advance(TIMEOUT_MS);
            } else if (step.kind === 'giveUp') {
              for (const waiting of calls) waiting.controller.abort();
            } else {
              const name = {
                edit: 'edit_scoped_fields',
                request: 'request_scope_expansion',
                submit: 'submit_changes_for_review',
              }[step.kind];
              const picked = registrations.pick(name, step.through);
              if (picked) {
                through = picked;
                argued = resolve(step.argued, before.scopeVersion);
                const input =
                  step.kind === 'edit'
                    ? { scopeVersion: argued, updates: resolveUpdates(step.updates, before) }
                    : step.kind === 'request'
                      ? { scopeVersion: argued, fields: resolveFields(step.fields, before), reason: step.reason }
                      : { scopeVersion: argued };
                const controller = new AbortController();
                const made: Call = { controller, answer: null };
                call = made;
                calls.push(made);
                void Promise.resolve(picked.tool.execute(input, { signal: controller.signal })).then((answer) => {
                  made.answer = answer as Call['answer'];
                  count(made.answer?.code ?? 'NO_ANSWER');
                });
              }
            }
            await flush();
            clock.advance(0);
            await flush();
            const after = store.read();

            // A refusal never changes the board: the same object back, nothing mutated. And it
            // says it is an error, whoever hears it (the MCP convention).
            const refusedNow = human ? !human.ok : call?.answer ? !call.answer.ok : false;
            for (const answer of [human, call?.answer])
              if (answer && !answer.ok) expect(answer).toMatchObject({ isError: true });
            if (refusedNow) {
              expect(after).toBe(before);
              expect(before).toEqual(snapshot);
            }
            // The log only grows, and keeps what it had; versions only move forward, but for a
            // reset, which starts the next generation at v0.
            expect(after.activity.slice(0, before.activity.length)).toEqual(before.activity);
            if (after.generation === before.generation)
              expect(after.scopeVersion).toBeGreaterThanOrEqual(before.scopeVersion);
            else expect([after.generation, after.scopeVersion]).toEqual([before.generation + 1, 0]);

            if (step.by === 'agent' || step.by === 'time') {
              // Neither the agent nor the clock changes the frame or its version, or grants anything.
              expect(after.scope).toEqual(before.scope);
              expect(after.scopeVersion).toBe(before.scopeVersion);
              // No unframed field is ever written.
              for (const id of FIELD_IDS)
                if (!before.scope.includes(id)) expect(after.fields[id]).toBe(before.fields[id]);
              if (after.fields !== before.fields) {
                // Every write is an edit in DRAFT, under the version current at that moment, by both counts.
                expect(step.kind).toBe('edit');
                expect(before.phase).toBe('DRAFT');
                expect(argued).toBe(before.scopeVersion);
                expect(through?.version).toBe(before.scopeVersion);
                expect(through?.generation).toBe(before.generation);
              }
            } else if (human?.ok) {
              // A human act other than reset never changes a field value.
              if (step.kind !== 'reset') expect(after.fields).toBe(before.fields);
              else expect(after.fields).toEqual(after.baselineFields);
              if (step.kind === 'decideReview') {
                expect(step.id).toBe('active');
                staleReviewId = before.review?.reviewId ?? staleReviewId;
              }
            }
            // The board stays well-formed and survives a reload exactly.
            expect(after.scope).toEqual(FIELD_IDS.filter((id) => after.scope.includes(id)));
            expect(after.baselineFields).toBe(before.baselineFields);
            expect(readState(structuredClone(after))).toEqual(after);
            // The registered set is a function of the state, unless a waiting call holds it.
            if (surface.heldFor().length === 0) expect(agent.names()).toEqual(inOrder(after));
            registrations.note();
          }
        } finally {
          page.dispose();
          await flush();
        }
        // Every call is answered, once the page goes away at the latest.
        expect(calls.every((made) => made.answer !== null)).toBe(true);
      }),
      { numRuns: 400 },
    );
    // The script generator must actually reach the interesting outcomes, or the property proves little.
    const mustReach = [
      'SCOPED_EDIT_APPLIED',
      'EXPANSION_APPROVED',
      'EXPANSION_DENIED',
      'REVIEW_SUBMITTED',
      'REVIEW_ACCEPTED',
      'REVIEW_RETURNED',
      'OUT_OF_SCOPE',
      'SCOPE_STALE',
      'BOARD_NOT_DRAFT',
      'EXPANSION_PENDING',
      'HUMAN_DECISION_PENDING',
      'HUMAN_DECISION_TIMEOUT',
      'EXPANSION_WAIT_ABORTED',
      'REVIEW_ID_REQUIRED',
      'REVIEW_STALE',
      'INVALID_INPUT',
    ];
    for (const code of mustReach) expect(outcomes.get(code) ?? 0, code).toBeGreaterThan(0);
  });

  it('a waiting request_scope_expansion call is answered exactly once, consistently with what the human did', async () => {
    type Human = 'approve' | 'deny' | 'reframe' | 'reset' | 'timeout' | 'abort' | 'dispose';
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.constantFrom<FieldId>(...FIELD_IDS), { minLength: 1, maxLength: 3 }),
        fc.constantFrom<Human>('approve', 'deny', 'reframe', 'reset', 'timeout', 'abort', 'dispose'),
        fc.array(fc.constantFrom<Human>('approve', 'deny', 'reframe', 'reset', 'timeout'), { maxLength: 3 }),
        async (frame, first, later) => {
          const env = testEnv();
          const start = boardPage(initialState(env)).humanActs.setScope(initialState(env), frame).state;
          const blocked = derive(start).blocked;
          fc.pre(blocked.length > 0);
          const page = boardPage(start, { timeoutMs: TIMEOUT_MS, schedule: (run) => queueMicrotask(run) });
          const { store, human, clock, channel, surface, agent } = page;
          try {
            await surface.reconcile();
            const controller = new AbortController();
            let answers = 0;
            const pending = agent
              .call(
                'request_scope_expansion',
                { scopeVersion: start.scopeVersion, fields: [blocked[0]], reason: REASON },
                controller.signal,
              )
              .then((answer) => {
                answers += 1;
                return answer as { ok: boolean; code: string; currentScopeVersion?: number };
              });
            await flush();
            const requestId = store.read().pendingExpansion?.id;
            expect(requestId).toBeDefined();
            expect(surface.heldFor()).toEqual([`awaiting a human decision on ${requestId}`]);
            const humanDoes = async (what: Human) => {
              const state = store.read();
              if (what === 'approve' || what === 'deny') await human.decideExpansion(what);
              else if (what === 'reframe')
                await human.frame(state.scope.length > 1 ? state.scope.slice(1) : [...FIELD_IDS]);
              else if (what === 'reset') await human.reset();
              else if (what === 'timeout') clock.advance(TIMEOUT_MS);
              else if (what === 'abort') controller.abort();
              else channel.dispose();
            };
            await humanDoes(first);
            const versionAtAnswer = store.read().scopeVersion;
            for (const what of later) await humanDoes(what);
            clock.advance(5_000);
            const answer = await pending;
            await flush();
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
            if (first === 'approve')
              expect(store.read().activity.some((entry) => entry.type === 'EXPANSION_APPROVED')).toBe(true);
            // A wait that ended alone is noted, unless the human settled the request before the call
            // got round to noting it.
            const note = store.read().activity.find((entry) => entry.type === 'EXPANSION_WAIT_ENDED');
            if (['timeout', 'abort', 'dispose'].includes(first) && store.read().pendingExpansion?.id === requestId) {
              expect(note?.details).toEqual({ requestId, code: expected[first] });
            } else if (note) {
              expect(note.details).toEqual({ requestId, code: expected[first] });
            }
            if (first !== 'approve') {
              const granted = store.read().activity.filter((entry) => entry.type === 'EXPANSION_APPROVED');
              expect(granted.every((entry) => entry.details.requestId === requestId)).toBe(true);
              if (['reframe', 'reset', 'deny'].includes(first)) expect(granted).toHaveLength(0);
            }
            // The hold taken for the call is released once the call has its answer.
            expect(surface.heldFor()).toEqual([]);
          } finally {
            page.dispose();
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

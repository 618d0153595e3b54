import { signal } from '@preact/signals';
import { createSurface, type Surface, type ToolResult } from '@warrant/surface';
import { memoryWebMcp } from '@warrant/webmcp/testing';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { CHECKPOINTS } from './domain/checkpoints.ts';
import { wordsOf } from './domain/declarations.ts';
import { GATED_ROWS, READ_ROWS } from './domain/rulebook.ts';
import { SEED } from './domain/seed.ts';
import type { MeetingState } from './domain/state.ts';
import { createMeeting } from './meeting.ts';
import { createRulingChannel } from './ruling-channel.ts';
import { benchRows, loadActs, type BenchState } from './surface-rows.ts';
import { tabOnlyRecord } from './tab-only-record.ts';

// What a model is handed: every declaration fits the budget in every checkpoint state, every
// answer counts the acts in order as the page shows them, and every refusal is an error.

/** The most characters one tool's declaration (name, title, description, schema, hints) may take. */
const DECLARATION_BUDGET = 900;

const live: Array<() => void> = [];
afterEach(() => {
  for (const dispose of live.splice(0)) dispose();
});

async function benchAt(prefix: number) {
  await loadActs();
  const meeting = createMeeting();
  await meeting.open(tabOnlyRecord());
  await meeting.startOver(SEED.slice(0, prefix), 'test');
  const memory = memoryWebMcp();
  const rulings = createRulingChannel(meeting);
  const surface = createSurface<BenchState>({
    rows: benchRows(meeting, { filledByAgent: signal(false) }, (ruling, call) => rulings.propose(ruling, call)),
    state: () => meeting.state.value,
    webmcp: memory.webmcp,
  });
  live.push(() => surface.dispose());
  await surface.reconcile();
  return { meeting, memory, surface };
}

const declarationSize = (tool: {
  name: string;
  title?: string;
  description: string;
  inputSchema?: object;
  annotations?: object;
}): number =>
  JSON.stringify({
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: tool.inputSchema,
    annotations: tool.annotations,
  }).length;

describe('the declaration budget', () => {
  for (const [checkpoint, prefix] of Object.entries(CHECKPOINTS)) {
    it(`keeps every registered declaration within ${DECLARATION_BUDGET} characters at ${checkpoint}`, async () => {
      const { memory } = await benchAt(prefix);
      for (const tool of await memory.webmcp.getTools())
        expect(declarationSize(tool), tool.name).toBeLessThanOrEqual(DECLARATION_BUDGET);
    });
  }

  it('leaves room in the two forms’ declarations: their descriptions are short', () => {
    for (const row of GATED_ROWS.filter((r) => r.kind === 'declarative'))
      expect(row.description.length, row.name).toBeLessThanOrEqual(450);
  });
});

/** The count a page shows once this answer has been acted on: the tools registered, and the forms in order (a page gives them toolname). */
async function registeredAfter(
  memory: ReturnType<typeof memoryWebMcp>,
  surface: Surface<BenchState>,
  state: MeetingState,
): Promise<number> {
  await surface.reconcile();
  return memory.size() + surface.explain(state).filter((row) => row.kind === 'declarative' && row.verdict.legal).length;
}

describe('answers', () => {
  it('count the acts in order as the page counts them, in the field and in the sentence', async () => {
    const { memory, surface, meeting } = await benchAt(CHECKPOINTS.widest);
    const steps: Array<[string, Record<string, unknown>]> = [
      [
        'move_to_amend',
        { text: 'strike "$18,000" and insert "$15,000"', mover: 'Inés Carvajal', form: 'strike_and_insert' },
      ],
      ['second_pending_motion', { seconder: 'Ravi Subramaniam' }],
      ['set_members_present', { present: 4 }],
      ['set_members_present', { present: 7 }],
      ['move_previous_question', { mover: 'Hollis Pemberton' }],
    ];
    for (const [name, input] of steps) {
      const answer = (await memory.call(name, input)) as ToolResult & { inOrder?: number; message?: string };
      expect(answer.ok, name).toBe(true);
      const shown = await registeredAfter(memory, surface, meeting.state.value);
      expect(answer.inOrder, name).toBe(shown);
      expect(answer.message, name).toContain(`${shown} tools are in order`);
    }
    const explained = (await memory.call('explain_current_state', {})) as { explanation: string };
    expect(explained.explanation).toContain(
      `${await registeredAfter(memory, surface, meeting.state.value)} tools are in order`,
    );
  });
});

describe('refusals', () => {
  it('are errors to an MCP client, and a bad input names only the field, what was expected and what came', async () => {
    const { memory } = await benchAt(CHECKPOINTS.widest);
    const tools = [...READ_ROWS, ...GATED_ROWS.map((row) => ({ ...row, ...wordsOf(row) }))].filter(
      (row) => memory.names().includes(row.name) && Object.keys(row.inputSchema['properties'] as object).length > 0,
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...tools),
        fc.constantFrom<unknown>(42, null, ['x'], { nested: true }),
        async (row, bad) => {
          const field = Object.keys(row.inputSchema['properties'] as object)[0]!;
          const answer = (await memory.call(row.name, { [field]: bad })) as Record<string, unknown>;
          expect(answer).toMatchObject({ ok: false, isError: true, code: 'INVALID_INPUT' });
          expect(Object.keys(answer['details'] as object).sort()).toEqual(
            expect.arrayContaining(['expected', 'field', 'received']),
          );
          expect(
            Object.keys(answer['details'] as object).filter(
              (key) => !['expected', 'field', 'received', 'otherFields'].includes(key),
            ),
          ).toEqual([]);
          expect(JSON.stringify(answer)).not.toContain('"properties"');
        },
      ),
      { numRuns: 60 },
    );
  });

  it('from the bench itself are errors too', async () => {
    expect(createMeeting().commit('set_members_present', { present: 7 }, 'clerk')).toMatchObject({
      ok: false,
      isError: true,
      code: 'RECORD_OPENING',
    });
    const { meeting, surface } = await benchAt(CHECKPOINTS.widest);
    expect(meeting.commit('move_main_motion', { text: 'X', mover: 'Y' }, 'agent')).toMatchObject({
      ok: false,
      isError: true,
      code: 'NOT_IN_ORDER',
    });
    expect(meeting.commit('put_the_question', {}, 'chair').ok).toBe(true);
    expect(
      await surface.call('record_vote_tally', { aye: 6, nay: 6 }, { caller: 'agent', channel: 'webmcp' }),
    ).toMatchObject({ ok: false, isError: true, code: 'TALLY_EXCEEDS_PRESENT' });
    expect(await createRulingChannel(meeting).confirm('ruling-0')).toMatchObject({
      ok: false,
      isError: true,
      code: 'NO_RULING_PROPOSED',
    });
  });
});

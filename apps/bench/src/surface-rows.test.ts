import { signal } from '@preact/signals';
import { createSurface } from '@warrant/surface';
import { memoryWebMcp } from '@warrant/webmcp/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { CHECKPOINTS } from './domain/checkpoints.ts';
import { SEED } from './domain/seed.ts';
import { createMeeting } from './meeting.ts';
import { createRulingChannel } from './ruling-channel.ts';
import { benchRows, loadActs, type BenchState } from './surface-rows.ts';
import { tabOnlyRecord } from './tab-only-record.ts';

// The two form rows' own bodies, called through the kernel as the bench's controls call them:
// the tally refuses a count larger than the room, and motion entry on a clear floor makes the
// main motion as well as recording its text.

const live: Array<() => void> = [];
afterEach(() => {
  for (const dispose of live.splice(0)) dispose();
});

/** Whether the motion-entry form holds words an agent put there. */
const draft = { filledByAgent: signal(false) };

async function bench(prefix: number) {
  await loadActs();
  draft.filledByAgent.value = false;
  const record = tabOnlyRecord();
  const meeting = createMeeting();
  await meeting.open(record);
  await meeting.startOver(SEED.slice(0, prefix), 'test');
  const rulings = createRulingChannel(meeting);
  const surface = createSurface<BenchState>({
    rows: benchRows(meeting, draft, (ruling, call) => rulings.propose(ruling, call)),
    state: () => meeting.state.value,
    webmcp: memoryWebMcp().webmcp,
  });
  live.push(() => surface.dispose());
  await surface.reconcile();
  return { meeting, surface, record };
}

/** The widest checkpoint with the question put: 7 present, the tally form in order. */
async function voting() {
  const board = await bench(CHECKPOINTS.widest);
  expect(board.meeting.commit('put_the_question', {}, 'chair')).toMatchObject({ ok: true });
  expect(board.meeting.state.value).toMatchObject({ phase: 'VOTE_PENDING', questionPut: true, present: 7 });
  return board;
}

describe('record_vote_tally', () => {
  it('refuses a tally that counts more votes than members present, and records nothing', async () => {
    const { meeting, surface, record } = await voting();
    const before = meeting.events.value;
    const answer = await surface.callAsHuman('record_vote_tally', { aye: 5, nay: 3 });
    expect(answer).toMatchObject({
      ok: false,
      isError: true,
      code: 'TALLY_EXCEEDS_PRESENT',
      details: { counted: 8, present: 7 },
    });
    expect(answer.ok ? '' : answer.message).toContain('only 7 members are present');
    expect(meeting.events.value).toBe(before);
    expect(await record.read()).toMatchObject({ events: before });
    expect(meeting.state.value).toMatchObject({ phase: 'VOTE_PENDING', questionPut: true });
  });

  it('counts abstentions among the votes cast, though never toward the outcome', async () => {
    const { meeting, surface } = await voting();
    expect(await surface.callAsHuman('record_vote_tally', { aye: 4, nay: 3, abstain: 1 })).toMatchObject({
      ok: false,
      code: 'TALLY_EXCEEDS_PRESENT',
      details: { counted: 8, present: 7 },
    });
    expect(meeting.events.value.at(-1)?.type).toBe('put_the_question');
  });

  it('takes counts as numbers only: a string is refused, naming the field, and nothing is recorded', async () => {
    const { meeting, surface } = await voting();
    const answer = await surface.call(
      'record_vote_tally',
      { aye: '5', nay: 0 },
      { caller: 'agent', channel: 'bridge' },
    );
    expect(answer).toMatchObject({
      ok: false,
      isError: true,
      code: 'INVALID_INPUT',
      details: { field: 'aye', received: 'the string "5"' },
    });
    expect(meeting.events.value.at(-1)?.type).toBe('put_the_question');
  });

  it('answers 50 simultaneous tallies without waiting for the disk: one recorded, 49 refused as no longer in order', async () => {
    const { meeting, surface } = await voting();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        surface.call('record_vote_tally', { aye: 4, nay: 2 }, { caller: 'agent', channel: 'webmcp' }),
      ),
    );
    expect(answers.filter((a) => a.ok)).toHaveLength(1);
    for (const refused of answers.filter((a) => !a.ok))
      expect(refused).toMatchObject({ isError: true, code: 'NOT_IN_ORDER' });
    expect(meeting.events.value.filter((event) => event.type === 'record_vote_tally')).toHaveLength(1);
  });

  it('records a tally that fills the room exactly', async () => {
    const { meeting, surface } = await voting();
    expect(await surface.callAsHuman('record_vote_tally', { aye: 4, nay: 2, abstain: 1 })).toMatchObject({
      ok: true,
      recorded: 'record_vote_tally',
    });
    expect(meeting.events.value.at(-1)).toMatchObject({
      type: 'record_vote_tally',
      actor: 'clerk',
      payload: { aye: 4, nay: 2, abstain: 1 },
    });
    expect(meeting.state.value.phase).toBe('FLOOR_CLEAR');
  });
});

describe('enter_motion_text', () => {
  const TEXT = 'That the board extend the seed swap to a second Saturday in October.';

  it('on a clear floor records the text and makes it the main motion, awaiting a second', async () => {
    const { meeting, surface } = await bench(2);
    expect(meeting.state.value).toMatchObject({ phase: 'FLOOR_CLEAR', stack: [] });
    const answer = await surface.callAsHuman('enter_motion_text', { text: TEXT, mover: 'Bettina Lund' });
    expect(answer).toMatchObject({ ok: true, recorded: 'move_main_motion', phase: 'AWAITING_SECOND' });
    expect(meeting.events.value.slice(2).map((event) => [event.type, event.actor, event.payload])).toEqual([
      ['enter_motion_text', 'clerk', { text: TEXT, mover: 'Bettina Lund' }],
      ['move_main_motion', 'clerk', { text: TEXT, mover: 'Bettina Lund' }],
    ]);
    expect(meeting.state.value.stack).toMatchObject([
      { motion: 'main', text: TEXT, mover: 'Bettina Lund', seconder: null },
    ]);
  });

  it('records words an agent left in the form as the agent’s, though a person states them', async () => {
    const { meeting, surface } = await bench(2);
    draft.filledByAgent.value = true;
    expect(await surface.callAsHuman('enter_motion_text', { text: TEXT })).toMatchObject({
      ok: true,
      recorded: 'move_main_motion',
    });
    expect(meeting.events.value.slice(2).map((event) => [event.type, event.actor])).toEqual([
      ['enter_motion_text', 'agent'],
      ['move_main_motion', 'agent'],
    ]);
  });

  it('names "a member" as the mover when none was entered', async () => {
    const { meeting, surface } = await bench(2);
    await surface.callAsHuman('enter_motion_text', { text: TEXT });
    expect(meeting.events.value.at(-1)).toMatchObject({
      type: 'move_main_motion',
      payload: { text: TEXT, mover: 'a member' },
    });
  });

  it('while a question is open records only the text: no second main motion is made', async () => {
    const { meeting, surface } = await bench(CHECKPOINTS.widest);
    const stack = meeting.state.value.stack;
    expect(await surface.callAsHuman('enter_motion_text', { text: TEXT })).toMatchObject({
      ok: true,
      recorded: 'enter_motion_text',
      phase: 'OPEN',
    });
    expect(meeting.events.value.slice(CHECKPOINTS.widest).map((event) => event.type)).toEqual(['enter_motion_text']);
    expect(meeting.state.value.stack).toEqual(stack);
  });
});

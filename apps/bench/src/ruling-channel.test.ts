import { signal } from '@preact/signals';
import { createSurface, type ToolResult } from '@warrant/surface';
import { memoryWebMcp } from '@warrant/webmcp/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHECKPOINTS } from './domain/checkpoints.ts';
import { SEED } from './domain/seed.ts';
import { createMeeting, type MeetingRecord } from './meeting.ts';
import { createRulingChannel, type RulingChannel } from './ruling-channel.ts';
import { benchRows, loadActs, type BenchState } from './surface-rows.ts';
import { tabOnlyRecord } from './tab-only-record.ts';

// A ruling is the chair's. An agent's record_chair_ruling proposes one, and the same call waits
// for the chair at the bench and answers with the chair's decision; a timeout, an abort or any
// other act recorded meanwhile ends it without a ruling. The counts do not change: the tool stays.

const live: Array<() => void> = [];
afterEach(() => {
  for (const dispose of live.splice(0)) dispose();
  vi.useRealTimers();
});

const RULING = {
  ruling: 'well_taken',
  disposition: 'strike_pending_motion',
  rationale: 'The amendment is not germane.',
} as const;

/**
 * A record whose keeper makes each entry itself, as the bench's server does: it answers the entry
 * as it made it (here, naming the person whose page asked), which the page shows in place of its own.
 */
function keeperMadeRecord(): MeetingRecord {
  const record = tabOnlyRecord();
  return {
    ...record,
    async append(event, after) {
      const done = await record.append(event, after);
      return done.ok ? { ...done, event: { ...event, person: { id: 'M-0000a0c0', name: 'Adaeze Okafor' } } } : done;
    },
  };
}

/** The tangle with a point of order raised: the chair's ruling is awaited. */
async function awaitingRuling(timeoutMs?: number, record: MeetingRecord = tabOnlyRecord()) {
  await loadActs();
  const meeting = createMeeting();
  await meeting.open(record);
  await meeting.startOver(SEED.slice(0, CHECKPOINTS.tangle), 'test');
  const raised = meeting.commit(
    'raise_point_of_order',
    { concern: 'The amendment is not germane.', raisedBy: 'Hollis Pemberton' },
    'clerk',
  );
  if (raised.ok) await raised.written;
  const rulings: RulingChannel = createRulingChannel(meeting, timeoutMs === undefined ? {} : { timeoutMs });
  const memory = memoryWebMcp();
  const surface = createSurface<BenchState>({
    rows: benchRows(meeting, { filledByAgent: signal(false) }, (ruling, call) => rulings.propose(ruling, call)),
    state: () => meeting.state.value,
    webmcp: memory.webmcp,
  });
  live.push(
    () => surface.dispose(),
    () => rulings.channel.dispose(),
  );
  await surface.reconcile();
  return { meeting, rulings, surface, memory };
}

const pendingId = (rulings: RulingChannel): string => {
  const current = rulings.channel.snapshot().current;
  expect(current?.status).toBe('pending');
  return current?.id ?? '';
};

describe('record_chair_ruling called by an agent', () => {
  it('records nothing until the chair confirms, then answers that same call with the ruling recorded as the chair’s', async () => {
    const { meeting, rulings, memory } = await awaitingRuling();
    const before = meeting.events.value.length;
    const call = memory.call('record_chair_ruling', RULING) as Promise<ToolResult>;
    await vi.waitFor(() => expect(rulings.channel.snapshot().waiting).toBe(true));
    expect(meeting.events.value).toHaveLength(before);
    expect(meeting.state.value.phase).toBe('RULING_PENDING');
    expect(await rulings.confirm(pendingId(rulings))).toMatchObject({ ok: true });
    expect(await call).toMatchObject({ ok: true, decision: 'confirmed', recorded: 'record_chair_ruling' });
    // Who ruled is the presiding chair, as the record knows it.
    expect(meeting.events.value.at(-1)).toMatchObject({
      type: 'record_chair_ruling',
      actor: 'chair',
      payload: { ...RULING, ruledBy: 'Adaeze Okafor' },
    });
    expect(meeting.state.value.stack.map((m) => m.motion)).toEqual(['main', 'amend']);
  });

  it('answers the call as confirmed when the record’s keeper makes the entry its own way (the server’s entry replaces the page’s)', async () => {
    const { meeting, rulings, memory } = await awaitingRuling(undefined, keeperMadeRecord());
    const call = memory.call('record_chair_ruling', RULING) as Promise<ToolResult>;
    await vi.waitFor(() => expect(rulings.channel.snapshot().waiting).toBe(true));
    expect(await rulings.confirm(pendingId(rulings))).toMatchObject({ ok: true });
    expect(await call).toMatchObject({ ok: true, decision: 'confirmed', recorded: 'record_chair_ruling' });
    expect(meeting.events.value.at(-1)).toMatchObject({
      type: 'record_chair_ruling',
      person: { name: 'Adaeze Okafor' },
    });
  });

  it('records nothing when the chair rejects it, and says so to the call', async () => {
    const { meeting, rulings, memory } = await awaitingRuling();
    const before = meeting.events.value;
    const call = memory.call('record_chair_ruling', RULING) as Promise<ToolResult>;
    await vi.waitFor(() => expect(rulings.channel.snapshot().waiting).toBe(true));
    rulings.reject(pendingId(rulings));
    expect(await call).toMatchObject({ ok: true, decision: 'rejected', recorded: null });
    expect(meeting.events.value).toBe(before);
  });

  it('fails closed when the chair does not answer in time', async () => {
    const { meeting, memory, rulings } = await awaitingRuling(50);
    const before = meeting.events.value;
    const answer = await (memory.call('record_chair_ruling', RULING) as Promise<ToolResult>);
    expect(answer).toMatchObject({ ok: false, isError: true, code: 'CHAIR_DID_NOT_RULE' });
    expect(meeting.events.value).toBe(before);
    // The proposal is gone from the bench: the chair cannot confirm what nobody waits for.
    expect(await rulings.confirm(rulings.channel.snapshot().current?.id ?? '')).toMatchObject({ ok: false });
    expect(meeting.events.value).toBe(before);
  });

  it('fails closed when another act is recorded while it waits', async () => {
    const { meeting, rulings, memory } = await awaitingRuling();
    const before = meeting.events.value.length;
    const call = memory.call('record_chair_ruling', RULING) as Promise<ToolResult>;
    await vi.waitFor(() => expect(rulings.channel.snapshot().waiting).toBe(true));
    meeting.commit('set_members_present', { present: 6 }, 'clerk');
    expect(await call).toMatchObject({ ok: false, isError: true, code: 'RULING_SUPERSEDED' });
    expect(meeting.events.value).toHaveLength(before + 1);
    expect(meeting.events.value.at(-1)?.type).toBe('set_members_present');
  });

  it('fails closed when the caller gives up', async () => {
    const { meeting, rulings, surface } = await awaitingRuling();
    const before = meeting.events.value;
    const controller = new AbortController();
    const call = surface.call('record_chair_ruling', RULING, {
      caller: 'agent',
      channel: 'webmcp',
      signal: controller.signal,
    });
    await vi.waitFor(() => expect(rulings.channel.snapshot().waiting).toBe(true));
    controller.abort();
    expect(await call).toMatchObject({ ok: false, isError: true, code: 'RULING_WAIT_ABORTED' });
    expect(meeting.events.value).toBe(before);
  });
});

describe('record_chair_ruling from the bench itself', () => {
  it('is the chair’s own act: recorded at once, as the chair’s', async () => {
    const { meeting, surface } = await awaitingRuling();
    expect(await surface.callAsHuman('record_chair_ruling', RULING)).toMatchObject({
      ok: true,
      recorded: 'record_chair_ruling',
    });
    expect(meeting.events.value.at(-1)).toMatchObject({ type: 'record_chair_ruling', actor: 'chair' });
  });
});

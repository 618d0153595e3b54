import { settle } from '@warrant/surface/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { boardPage } from '../test-page.ts';
import { applyHumanAct, expansionAnswer } from './expansion.ts';
import { HEADLINE, REASON, stages } from './test-support.ts';
import { toolSurface } from './rule.ts';

// The agent's request_scope_expansion call, made through its registered tool, waiting on the
// decision channel (a manual clock: the timeout fires only when the test advances time) for the
// human's answer, or for whatever ends the wait without one.

const live: Array<() => void> = [];
afterEach(() => {
  for (const dispose of live.splice(0)) dispose();
});

function track<T>(promise: Promise<T>) {
  const state: { settled: boolean; value?: T } = { settled: false };
  void promise.then((value) => {
    state.settled = true;
    state.value = value;
  });
  return state;
}

/** The agent, at scope v1 with a headline edited, asks for the launch date. */
async function asking(timeoutMs?: number, signal?: AbortSignal) {
  const { edited } = stages();
  const board = boardPage(edited, { timeoutMs });
  live.push(board.dispose);
  await board.surface.reconcile();
  const pending = board.agent.call(
    'request_scope_expansion',
    { scopeVersion: 1, fields: ['launch_date'], reason: REASON },
    signal,
  );
  // Until the board has recorded the request: the first call of a run loads the input validator,
  // which on a busy machine takes longer than any fixed number of turns of the event loop.
  const requestId = await vi.waitFor(
    () => {
      const id = board.store.read().pendingExpansion?.id;
      if (id === undefined) throw new Error('the request is not recorded yet');
      return id;
    },
    { timeout: 30_000 },
  );
  return { ...board, pending, requestId };
}

describe('request_scope_expansion waits for the human', () => {
  it('records the request, holds the surface and stays pending until a human decides', async () => {
    const { store, surface, clock, pending, requestId, channel } = await asking();
    const call = track(pending);
    clock.advance(119_000);
    await settle();
    expect(call.settled).toBe(false);
    expect(store.read().pendingExpansion).toMatchObject({
      id: requestId,
      fields: ['launch_date'],
      basedOnScopeVersion: 1,
    });
    expect(store.read().scope).toEqual(['headline', 'description']);
    expect(surface.heldFor()).toEqual([`awaiting a human decision on ${requestId}`]);
    expect(channel.snapshot()).toMatchObject({ waiting: true, current: { id: requestId, status: 'pending' } });
  });

  it('approval widens the frame and resolves that same call, telling the agent to continue', async () => {
    const { store, human, surface, clock, pending, requestId, agent } = await asking();
    expect(await human.decideExpansion('approve')).toMatchObject({ ok: true, code: 'EXPANSION_APPROVED' });
    expect(await pending).toEqual({
      ok: true,
      code: 'EXPANSION_APPROVED',
      requestId,
      decision: 'approved',
      granted: true,
      permissionChanged: true,
      scope: ['headline', 'description', 'launch_date'],
      currentScopeVersion: 2,
      nextAction: expect.stringContaining('do not ask the human to confirm again'),
    });
    expect(store.read()).toMatchObject({ scopeVersion: 2, pendingExpansion: null });
    // The hold outlives the answer by one turn of the clock, so the answer reaches the agent first.
    expect(surface.heldFor()).toHaveLength(1);
    clock.advance(0);
    expect(surface.heldFor()).toEqual([]);
    await settle();
    expect(
      await agent.call('edit_scoped_fields', { scopeVersion: 2, updates: { launch_date: '2026-10-06' } }),
    ).toMatchObject({ ok: true });
  });

  it('denial resolves the call as a refusal (ok false, granted false) with the frame unchanged: no agent can read it as a grant', async () => {
    const { store, human, pending, requestId } = await asking();
    await human.decideExpansion('deny');
    const answer = await pending;
    expect(answer).toMatchObject({
      ok: false,
      isError: true,
      code: 'EXPANSION_DENIED',
      message: expect.stringMatching(
        /^The human kept the frame at scope v1: nothing was granted\. Do not edit the requested fields/,
      ),
      details: {
        requestId,
        decision: 'denied',
        granted: false,
        permissionChanged: false,
        scope: ['headline', 'description'],
        currentScopeVersion: 1,
        nextAction: expect.stringContaining('Do not edit the requested fields'),
      },
    });
    // The one refusal shape, nothing beside it.
    expect(Object.keys(answer as object).sort()).toEqual(['code', 'details', 'isError', 'message', 'ok']);
    expect(store.read()).toMatchObject({ scopeVersion: 1, pendingExpansion: null });
  });

  it('times out closed: HUMAN_DECISION_TIMEOUT, nothing granted, the request still open for the human', async () => {
    const { store, human, clock, pending, requestId, channel } = await asking(30_000);
    clock.advance(30_000);
    expect(await pending).toMatchObject({
      ok: false,
      code: 'HUMAN_DECISION_TIMEOUT',
      details: { requestId, fields: ['launch_date'], basedOnScopeVersion: 1, timeoutMs: 30_000 },
    });
    expect(store.read()).toMatchObject({
      scopeVersion: 1,
      scope: ['headline', 'description'],
      pendingExpansion: { id: requestId },
    });
    expect(store.read().activity.at(-1)).toMatchObject({
      type: 'EXPANSION_WAIT_ENDED',
      details: { requestId, code: 'HUMAN_DECISION_TIMEOUT' },
    });
    expect(channel.snapshot().current).toMatchObject({ status: 'expired' });
    expect(toolSurface(store.read())).not.toContain('request_scope_expansion');
    // The human may still decide; the late approval reaches the board, not the ended call.
    expect(await human.decideExpansion('approve')).toMatchObject({ ok: true });
    expect(store.read().scopeVersion).toBe(2);
    expect(channel.snapshot().current).toMatchObject({ status: 'decided' });
  });

  it('aborts closed: EXPANSION_WAIT_ABORTED, the request still open', async () => {
    const controller = new AbortController();
    const { store, pending, requestId } = await asking(undefined, controller.signal);
    controller.abort();
    expect(await pending).toMatchObject({ ok: false, code: 'EXPANSION_WAIT_ABORTED', details: { requestId } });
    expect(store.read().pendingExpansion?.id).toBe(requestId);
  });

  it('a human re-frame supersedes the wait: SCOPE_STALE, and the request is closed', async () => {
    const { store, human, pending, requestId } = await asking();
    await human.frame(['headline']);
    expect(await pending).toMatchObject({
      ok: false,
      code: 'SCOPE_STALE',
      message: expect.stringContaining('re-framed the board to scope v2'),
      details: { requestId },
    });
    expect(store.read()).toMatchObject({ scope: ['headline'], scopeVersion: 2, pendingExpansion: null });
    expect(store.read().activity.map((entry) => entry.type)).not.toContain('EXPANSION_WAIT_ENDED');
  });

  it('a reset supersedes the wait too', async () => {
    const { human, pending } = await asking();
    await human.reset();
    expect(await pending).toMatchObject({
      ok: false,
      code: 'SCOPE_STALE',
      message: expect.stringContaining('reset the board'),
    });
  });

  it('disposal ends the wait: EXPANSION_BRIDGE_DISPOSED, the request still visible', async () => {
    const { store, channel, pending, requestId } = await asking();
    channel.dispose();
    expect(await pending).toMatchObject({ ok: false, code: 'EXPANSION_BRIDGE_DISPOSED' });
    expect(store.read().pendingExpansion?.id).toBe(requestId);
  });

  it('a second request while one waits is refused EXPANSION_PENDING, and the first still resolves', async () => {
    const { agent, human, pending } = await asking();
    expect(
      await agent.call('request_scope_expansion', { scopeVersion: 1, fields: ['price'], reason: REASON }),
    ).toMatchObject({ ok: false, code: 'EXPANSION_PENDING' });
    await human.decideExpansion('approve');
    expect(await pending).toMatchObject({ ok: true, scope: ['headline', 'description', 'launch_date'] });
  });

  it('a refused request answers at once and never touches the channel', async () => {
    const { edited } = stages();
    const board = boardPage(edited);
    live.push(board.dispose);
    await board.surface.reconcile();
    expect(
      await board.agent.call('request_scope_expansion', { scopeVersion: 1, fields: ['price'], reason: '   short    ' }),
    ).toMatchObject({ code: 'REASON_REQUIRED' });
    expect(
      await board.agent.call('request_scope_expansion', { scopeVersion: 0, fields: ['price'], reason: REASON }),
    ).toMatchObject({ code: 'SCOPE_STALE' });
    expect(board.store.read()).toBe(edited);
    expect(board.channel.snapshot().current).toBeNull();
    expect(board.surface.heldFor()).toEqual([]);
  });
});

describe('applyHumanAct', () => {
  it('writes nothing and tells the channel nothing when the act is refused', async () => {
    const { edited } = stages();
    const board = boardPage(edited);
    live.push(board.dispose);
    expect(
      await applyHumanAct(board.store, board.channel, { act: 'decide_expansion', decision: 'approve' }),
    ).toMatchObject({
      ok: false,
      code: 'NO_PENDING_REQUEST',
    });
    expect(board.store.read()).toBe(edited);
  });

  it('commits an act that concerns no request', async () => {
    const { framed, agent } = stages();
    const board = boardPage(agent.editScopedFields(framed, { updates: { headline: HEADLINE } }).state);
    live.push(board.dispose);
    expect(await applyHumanAct(board.store, board.channel, { act: 'frame_fields', ids: ['price'] })).toMatchObject({
      ok: true,
      supersededRequestId: null,
    });
    expect(board.store.read().scope).toEqual(['price']);
    expect(board.channel.snapshot().current).toBeNull();
  });
});

describe('expansionAnswer', () => {
  it('names the newly writable fields on approval', () => {
    const { pending, human } = stages();
    const step = human.decideExpansion(pending, 'approve');
    if (!step.result.ok) throw new Error('approval refused');
    const answer = expansionAnswer(step.result);
    if (!answer.ok) throw new Error('an approval answered as a refusal');
    expect(answer.nextAction).toContain('scope v2; Launch date is now writable');
  });
});

import { describe, expect, it } from 'vitest';
import { applyHumanAct, expansionAnswer } from './expansion.ts';
import { boardRuntime, HEADLINE, REASON, stages } from './test-support.ts';
import { TOOL_SPECS, toolSurface, type BoardToolSpec, type ToolName } from './tool-specs.ts';

function toolNamed(name: ToolName): BoardToolSpec {
  const found = TOOL_SPECS.find((tool) => tool.name === name);
  if (!found) throw new Error(`no tool ${name}`);
  return found;
}
const requestTool = toolNamed('request_scope_expansion');

const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

function track<T>(promise: Promise<T> | T) {
  const state: { settled: boolean; value?: T } = { settled: false };
  void Promise.resolve(promise).then((value) => {
    state.settled = true;
    state.value = value;
  });
  return state;
}

/** The agent, at scope v1 with a headline edited, asks for the launch date. */
function asking(timeoutMs?: number, signal?: AbortSignal) {
  const { edited, acts } = stages();
  const board = boardRuntime(edited, acts, timeoutMs);
  const input = { scopeVersion: 1, fields: ['launch_date'], reason: REASON };
  const pending = requestTool.run(board.runtime, input, board.call(1, signal));
  const requestId = board.runtime.read().pendingExpansion?.id ?? '';
  return { ...board, acts, pending: Promise.resolve(pending), requestId };
}

describe('request_scope_expansion waits for the human', () => {
  it('records the request, holds the surface and stays pending until a human decides', async () => {
    const { runtime, holds, clock, pending, requestId } = asking();
    const call = track(pending);
    clock.advance(119_000);
    await flush();
    expect(call.settled).toBe(false);
    expect(runtime.read().pendingExpansion).toMatchObject({ id: requestId, fields: ['launch_date'], basedOnScopeVersion: 1 });
    expect(runtime.read().scope).toEqual(['headline', 'description']);
    expect(holds).toEqual([`hold awaiting a human decision on ${requestId}`]);
    expect(runtime.channel.snapshot()).toMatchObject({ waiting: true, current: { id: requestId, status: 'pending' } });
  });

  it('approval widens the frame and resolves that same call, telling the agent to continue', async () => {
    const { runtime, acts, holds, clock, pending, requestId } = asking();
    const result = applyHumanAct(runtime, runtime.channel, acts.decideExpansion(runtime.read(), 'approve'));
    expect(result).toMatchObject({ ok: true, code: 'EXPANSION_APPROVED' });
    expect(await pending).toEqual({
      ok: true,
      code: 'EXPANSION_APPROVED',
      requestId,
      decision: 'approved',
      permissionChanged: true,
      scope: ['headline', 'description', 'launch_date'],
      currentScopeVersion: 2,
      nextAction: expect.stringContaining('do not ask the human to confirm again'),
    });
    expect(runtime.read()).toMatchObject({ scopeVersion: 2, pendingExpansion: null });
    expect(holds).not.toContain('release');
    clock.advance(0);
    expect(holds.at(-1)).toBe('release');
    const { call } = boardRuntime(runtime.read(), acts);
    expect(await toolNamed('edit_scoped_fields').run(runtime, { scopeVersion: 2, updates: { launch_date: '2026-10-06' } }, call(2))).toMatchObject({ ok: true });
  });

  it('denial resolves the call with permissionChanged false and the frame unchanged', async () => {
    const { runtime, acts, pending } = asking();
    applyHumanAct(runtime, runtime.channel, acts.decideExpansion(runtime.read(), 'deny'));
    expect(await pending).toMatchObject({
      ok: true,
      code: 'EXPANSION_DENIED',
      decision: 'denied',
      permissionChanged: false,
      scope: ['headline', 'description'],
      currentScopeVersion: 1,
      nextAction: expect.stringContaining('Do not edit the requested fields'),
    });
    expect(runtime.read()).toMatchObject({ scopeVersion: 1, pendingExpansion: null });
  });

  it('times out closed: HUMAN_DECISION_TIMEOUT, nothing granted, the request still open for the human', async () => {
    const { runtime, acts, clock, pending, requestId } = asking(30_000);
    clock.advance(30_000);
    expect(await pending).toMatchObject({
      ok: false,
      code: 'HUMAN_DECISION_TIMEOUT',
      details: { requestId, fields: ['launch_date'], basedOnScopeVersion: 1, timeoutMs: 30_000 },
    });
    expect(runtime.read()).toMatchObject({ scopeVersion: 1, scope: ['headline', 'description'], pendingExpansion: { id: requestId } });
    expect(runtime.read().activity.at(-1)).toMatchObject({ type: 'EXPANSION_WAIT_ENDED', details: { requestId, code: 'HUMAN_DECISION_TIMEOUT' } });
    expect(runtime.channel.snapshot().current).toMatchObject({ status: 'expired' });
    expect(toolSurface(runtime.read())).not.toContain('request_scope_expansion');
    // The human may still decide; the late approval reaches the board, not the ended call.
    expect(applyHumanAct(runtime, runtime.channel, acts.decideExpansion(runtime.read(), 'approve'))).toMatchObject({ ok: true });
    expect(runtime.read().scopeVersion).toBe(2);
    expect(runtime.channel.snapshot().current).toMatchObject({ status: 'decided' });
  });

  it('aborts closed: EXPANSION_WAIT_ABORTED, the request still open', async () => {
    const controller = new AbortController();
    const { runtime, pending, requestId } = asking(undefined, controller.signal);
    controller.abort();
    expect(await pending).toMatchObject({ ok: false, code: 'EXPANSION_WAIT_ABORTED', details: { requestId } });
    expect(runtime.read().pendingExpansion?.id).toBe(requestId);
  });

  it('a human re-frame supersedes the wait: SCOPE_STALE, and the request is closed', async () => {
    const { runtime, acts, pending, requestId } = asking();
    applyHumanAct(runtime, runtime.channel, acts.setScope(runtime.read(), ['headline']));
    expect(await pending).toMatchObject({
      ok: false,
      code: 'SCOPE_STALE',
      message: expect.stringContaining('re-framed the board to scope v2'),
      details: { requestId },
    });
    expect(runtime.read()).toMatchObject({ scope: ['headline'], scopeVersion: 2, pendingExpansion: null });
    expect(runtime.read().activity.map((entry) => entry.type)).not.toContain('EXPANSION_WAIT_ENDED');
  });

  it('a reset supersedes the wait too', async () => {
    const { runtime, acts, pending } = asking();
    applyHumanAct(runtime, runtime.channel, acts.reset(runtime.read()));
    expect(await pending).toMatchObject({ ok: false, code: 'SCOPE_STALE', message: expect.stringContaining('reset the board') });
  });

  it('disposal ends the wait: EXPANSION_BRIDGE_DISPOSED, the request still visible', async () => {
    const { runtime, pending, requestId } = asking();
    runtime.channel.dispose();
    expect(await pending).toMatchObject({ ok: false, code: 'EXPANSION_BRIDGE_DISPOSED' });
    expect(runtime.read().pendingExpansion?.id).toBe(requestId);
  });

  it('a second request while one waits is refused EXPANSION_PENDING, and the first still resolves', async () => {
    const { runtime, acts, call, pending } = asking();
    expect(await requestTool.run(runtime, { scopeVersion: 1, fields: ['price'], reason: REASON }, call(1))).toMatchObject({
      ok: false,
      code: 'EXPANSION_PENDING',
    });
    applyHumanAct(runtime, runtime.channel, acts.decideExpansion(runtime.read(), 'approve'));
    expect(await pending).toMatchObject({ ok: true, scope: ['headline', 'description', 'launch_date'] });
  });

  it('a refused request answers at once and never touches the channel', async () => {
    const { edited, acts } = stages();
    const { runtime, call, holds } = boardRuntime(edited, acts);
    expect(await requestTool.run(runtime, { scopeVersion: 1, fields: ['headline'], reason: REASON }, call(1))).toMatchObject({ code: 'ALREADY_SCOPED' });
    expect(await requestTool.run(runtime, { scopeVersion: 1, fields: ['price'], reason: REASON }, call(0))).toMatchObject({ code: 'SCOPE_STALE' });
    expect(runtime.read()).toBe(edited);
    expect(runtime.channel.snapshot().current).toBeNull();
    expect(holds).toEqual([]);
  });
});

describe('applyHumanAct', () => {
  it('writes nothing and tells the channel nothing when the act is refused', () => {
    const { edited, acts } = stages();
    const { runtime } = boardRuntime(edited, acts);
    expect(applyHumanAct(runtime, runtime.channel, acts.decideExpansion(edited, 'approve'))).toMatchObject({ ok: false, code: 'NO_PENDING_REQUEST' });
    expect(runtime.read()).toBe(edited);
  });

  it('commits an act that concerns no request', () => {
    const { framed, acts } = stages();
    const { runtime } = boardRuntime(framed, acts);
    const edited = acts.editScopedFields(framed, { scopeVersion: 1, updates: { headline: HEADLINE } }, 1).state;
    runtime.write(edited);
    expect(applyHumanAct(runtime, runtime.channel, acts.setScope(runtime.read(), ['price']))).toMatchObject({ ok: true, supersededRequestId: null });
    expect(runtime.read().scope).toEqual(['price']);
    expect(runtime.channel.snapshot().current).toBeNull();
  });
});

describe('expansionAnswer', () => {
  it('names the newly writable fields on approval', () => {
    const { pending, acts } = stages();
    const step = acts.decideExpansion(pending, 'approve');
    if (!step.result.ok) throw new Error('approval refused');
    expect(expansionAnswer(step.result).nextAction).toContain('scope v2; Launch date is now writable');
  });
});

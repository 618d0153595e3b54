import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createLeaseBook, type LeaseTransition } from './lease.ts';
import { LEASE_EVENTS, LEASE_STATES, LEASE_TRANSITIONS, TERMINAL_STATES, type LeaseEvent } from './lease-states.ts';
import { manualBrokerClock } from './testing/manual-broker-clock.ts';

const read = { partner: 'pantry', purpose: 'read_capacity', ttlSeconds: 60, request: 'R-1' } as const;
const human = { actor: 'human' } as const;

describe('the lease table', () => {
  it('is the spec’s machine: pending → active → closed | expired | revoked | failed, the last four terminal', () => {
    expect(LEASE_TRANSITIONS.pending.discovered).toBe('active');
    for (const from of ['pending', 'active'] as const) {
      expect(LEASE_TRANSITIONS[from]).toMatchObject({
        close: 'closed',
        expire: 'expired',
        revoke: 'revoked',
        fail: 'failed',
      });
    }
    expect(LEASE_TRANSITIONS.active.discovered).toBeUndefined();
    expect([...TERMINAL_STATES].sort()).toEqual(['closed', 'expired', 'failed', 'revoked']);
    for (const state of TERMINAL_STATES) expect(LEASE_TRANSITIONS[state]).toEqual({});
    for (const row of Object.values(LEASE_TRANSITIONS))
      for (const to of Object.values(row)) expect(LEASE_STATES).toContain(to);
  });
});

describe('a lease book', () => {
  it('opens a lease pending with its time to live, and numbers leases L-1, L-2, …', () => {
    const clock = manualBrokerClock(1_000);
    const leases = createLeaseBook({ clock });
    const first = leases.open(read, human);
    const second = leases.open({ ...read, partner: 'shelter' }, { actor: 'agent' });
    expect(first).toMatchObject({
      ok: true,
      lease: { id: 'L-1', state: 'pending', openedAt: 1_000, expiresAt: 61_000, openedBy: 'human' },
    });
    expect(second).toMatchObject({ ok: true, lease: { id: 'L-2', partner: 'shelter', openedBy: 'agent' } });
    expect(createLeaseBook({ clock, firstNumber: 7 }).open(read, human)).toMatchObject({ lease: { id: 'L-7' } });
  });

  it('refuses a time to live over 300 s, under 1 s or fractional, and opens nothing', () => {
    const leases = createLeaseBook({ clock: manualBrokerClock() });
    for (const ttlSeconds of [301, 0, -5, 12.5, Number.NaN]) {
      expect(leases.open({ ...read, ttlSeconds }, human)).toMatchObject({
        ok: false,
        isError: true,
        code: 'LEASE_TTL_OUT_OF_RANGE',
      });
    }
    expect(leases.open({ ...read, ttlSeconds: 300 }, human).ok).toBe(true);
    expect(leases.list()).toHaveLength(1);
  });

  it('refuses an unknown partner, an unknown purpose, a missing request, and an execute lease without its approval', () => {
    const leases = createLeaseBook({ clock: manualBrokerClock(), partners: ['pantry', 'shelter'] });
    expect(leases.open({ ...read, partner: 'bank' as never }, human)).toMatchObject({ code: 'UNKNOWN_PARTNER' });
    expect(leases.open({ ...read, purpose: 'write_anything' as never }, human)).toMatchObject({
      code: 'UNKNOWN_PURPOSE',
    });
    expect(leases.open({ ...read, request: '' }, human)).toMatchObject({ code: 'REQUEST_REQUIRED' });
    expect(leases.open({ ...read, purpose: 'execute_plan' }, { actor: 'system' })).toMatchObject({
      code: 'APPROVAL_REQUIRED',
    });
    expect(leases.list()).toEqual([]);
  });

  it('expires a lease by its timer at its time to live', () => {
    const clock = manualBrokerClock();
    const leases = createLeaseBook({ clock });
    const { lease } = leases.open({ ...read, ttlSeconds: 5 }, human) as { lease: { id: string } };
    const heard: LeaseTransition[] = [];
    leases.subscribe((transition) => heard.push(transition));
    clock.advance(4_999);
    expect(leases.get(lease.id)?.state).toBe('pending');
    clock.advance(1);
    expect(leases.get(lease.id)).toMatchObject({ state: 'expired', endedAt: 5_000 });
    expect(heard).toMatchObject([{ from: 'pending', event: 'expire', cause: { actor: 'system' } }]);
  });

  it('expires a lease at the next call even when its timer has not fired (a throttled tab)', () => {
    let now = 0;
    const leases = createLeaseBook({ clock: { now: () => now, setTimer: () => 0, clearTimer: () => {} } });
    const { lease } = leases.open(read, human) as { lease: { id: string } };
    leases.apply(lease.id, 'discovered', { actor: 'system' });
    now = 59_999;
    expect(leases.check(lease.id)).toMatchObject({ ok: true });
    now = 60_000;
    expect(leases.check(lease.id)).toMatchObject({ ok: false, code: 'LEASE_EXPIRED' });
    expect(leases.get(lease.id)?.state).toBe('expired');
  });

  it('answers a call on a pending, ended or unknown lease with a refusal naming it', () => {
    const leases = createLeaseBook({ clock: manualBrokerClock() });
    const { lease } = leases.open(read, human) as { lease: { id: string } };
    expect(leases.check(lease.id)).toMatchObject({ code: 'LEASE_PENDING' });
    leases.apply(lease.id, 'discovered', { actor: 'system' });
    expect(leases.check(lease.id)).toMatchObject({ ok: true, lease: { state: 'active' } });
    leases.apply(lease.id, 'revoke', { actor: 'human', reason: 'wrong family' });
    expect(leases.check(lease.id)).toMatchObject({ code: 'LEASE_REVOKED', details: { state: 'revoked' } });
    expect(leases.check('L-99')).toMatchObject({ code: 'UNKNOWN_LEASE' });
  });

  it('refuses, structured, a transition the table does not have, and changes nothing', () => {
    const leases = createLeaseBook({ clock: manualBrokerClock() });
    const { lease } = leases.open(read, human) as { lease: { id: string } };
    leases.apply(lease.id, 'discovered', { actor: 'system' });
    const refused = leases.apply(lease.id, 'discovered', { actor: 'system' });
    expect(refused).toMatchObject({
      ok: false,
      isError: true,
      code: 'LEASE_TRANSITION_REFUSED',
      details: { state: 'active', event: 'discovered' },
    });
    expect(leases.get(lease.id)?.state).toBe('active');
  });

  it('never leaves a terminal state, whatever events follow', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...LEASE_EVENTS), { maxLength: 12 }),
        fc.integer({ min: 0, max: 400 }),
        (events: LeaseEvent[], seconds) => {
          const clock = manualBrokerClock();
          const leases = createLeaseBook({ clock });
          const { lease } = leases.open({ ...read, ttlSeconds: 30 }, human) as { lease: { id: string } };
          let ended: string | null = null;
          for (const [index, event] of events.entries()) {
            if (index === 3) clock.advance(seconds * 1000);
            const before = leases.get(lease.id)?.state as string;
            const answer = leases.apply(lease.id, event, { actor: 'human' });
            const after = leases.get(lease.id)?.state as string;
            if (ended !== null) {
              expect(answer.ok).toBe(false);
              expect(after).toBe(ended);
            }
            expect(answer.ok).toBe(LEASE_TRANSITIONS[before as keyof typeof LEASE_TRANSITIONS][event] !== undefined);
            if (TERMINAL_STATES.includes(after as never)) ended = after;
          }
        },
      ),
    );
  });

  it('fails every live lease when the page goes away, and leaves ended ones as they were', () => {
    const leases = createLeaseBook({ clock: manualBrokerClock() });
    leases.open(read, human);
    leases.open({ ...read, partner: 'rides' }, human);
    leases.apply('L-2', 'close', { actor: 'human' });
    leases.endAll('the page went away');
    expect(leases.list().map((lease) => [lease.id, lease.state, lease.endReason])).toEqual([
      ['L-1', 'failed', 'the page went away'],
      ['L-2', 'closed', 'close'],
    ]);
    expect(leases.live()).toEqual([]);
  });

  it('announces a transition made while another is being announced after it, to every listener in order', () => {
    const leases = createLeaseBook({ clock: manualBrokerClock() });
    const first: string[] = [];
    const second: string[] = [];
    leases.subscribe((transition) => {
      first.push(transition.event);
      if (transition.event === 'open')
        leases.apply(transition.lease.id, 'fail', { actor: 'system', reason: 'no frame' });
    });
    leases.subscribe((transition) => second.push(transition.event));
    leases.open(read, human);
    expect(first).toEqual(['open', 'fail']);
    expect(second).toEqual(['open', 'fail']);
  });

  it('stops its timer when a lease ends, so a closed lease never expires', () => {
    const clock = manualBrokerClock();
    const leases = createLeaseBook({ clock });
    leases.open(read, human);
    expect(clock.pending).toBe(1);
    leases.apply('L-1', 'close', { actor: 'human' });
    expect(clock.pending).toBe(0);
    clock.advance(120_000);
    expect(leases.get('L-1')?.state).toBe('closed');
  });
});

// @vitest-environment jsdom
import { SITES } from '@warrant/config';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { domFrameContainer } from './frame-container.ts';
import { createFrameHost, type FrameHost, type FrameHostOptions } from './frame-host.ts';
import { framePurposeOf } from './frame-purpose.ts';
import type { Hop } from './hop.ts';
import { createLeaseBook, type LeaseBook } from './lease.ts';
import type { ChannelConnector, PartnerChannel } from './partner-channel.ts';
import { PARTNER_FAULT_REASONS, type PartnerFault } from './partner-fault.ts';
import type { PartnerName } from './partner-manifest.ts';
import { RELIEF_PARTNERS } from '../test-support/relief-partners.ts';
import { manualBrokerClock, type ManualBrokerClock } from './testing/manual-broker-clock.ts';
import { memoryPartner } from './testing/memory-partner.ts';

const settle = async (): Promise<void> => {
  for (let hop = 0; hop < 10; hop += 1) await new Promise((resolve) => setTimeout(resolve, 0));
};

interface Rig {
  leases: LeaseBook;
  frames: FrameHost;
  hops: Hop[];
  clock: ManualBrokerClock;
  parent: HTMLElement;
}

const rigs: Rig[] = [];
afterEach(() => {
  for (const rig of rigs.splice(0)) {
    rig.frames.dispose();
    rig.leases.dispose();
    rig.parent.remove();
  }
});

function rig(
  connect: Parameters<typeof createFrameHost>[0]['connect'] = memoryPartner({
    manifest: RELIEF_PARTNERS.manifest('pantry')!,
  }).connector,
  extra: Pick<FrameHostOptions, 'onFault'> = {},
): Rig {
  const clock = manualBrokerClock(Date.UTC(2026, 11, 4));
  const leases = createLeaseBook({ clock });
  const hops: Hop[] = [];
  const parent = document.createElement('section');
  document.body.append(parent);
  const frames = createFrameHost({
    leases,
    partners: RELIEF_PARTNERS,
    container: domFrameContainer(parent),
    connect,
    record: (hop) => hops.push(hop),
    clock,
    mountTimeoutMs: 2_000,
    ...extra,
  });
  const made = { leases, frames, hops, clock, parent };
  rigs.push(made);
  return made;
}

const open = (leases: LeaseBook, partner: PartnerName = 'pantry', ttlSeconds = 60) => {
  const answer = leases.open(
    { partner, purpose: 'read_capacity', ttlSeconds, request: 'R-1' },
    { actor: 'agent', policy: 'allow', verb: 'open_lease' },
  );
  if (!answer.ok) throw new Error(answer.message);
  return answer.lease.id;
};

describe('the frame host', () => {
  it('mounts <iframe allow="tools"> on the partner origin, with an accessible title, when a lease enters pending', () => {
    const { leases, parent } = rig();
    expect(parent.querySelectorAll('iframe')).toHaveLength(0);
    const id = open(leases);
    const frame = parent.querySelector('iframe') as HTMLIFrameElement;
    expect(frame.getAttribute('allow')).toBe('tools');
    expect(frame.getAttribute('src')).toBe(`${SITES.pantry.origin}/#lease-purpose=read_capacity`);
    expect(frame.title).toBe(`Food pantry, partner site, under lease ${id}`);
    expect(frame.dataset.lease).toBe(id);
  });

  it('says the lease purpose in the frame URL fragment, so the partner page registers its writes only in an execute_plan frame', () => {
    const { leases, parent } = rig();
    const answer = leases.open(
      { partner: 'pantry', purpose: 'execute_plan', ttlSeconds: 60, request: 'R-1', plan: 'P-1', approval: 'A-1' },
      { actor: 'system', policy: 'allow', verb: '' },
    );
    if (!answer.ok) throw new Error(answer.message);
    const src = (parent.querySelector('iframe') as HTMLIFrameElement).getAttribute('src') ?? '';
    expect(src).toBe(`${SITES.pantry.origin}/#lease-purpose=execute_plan`);
    expect(framePurposeOf(new URL(src).hash)).toBe('execute_plan');
    expect(framePurposeOf('#lease-purpose=approve_everything')).toBeNull();
    expect(framePurposeOf('')).toBeNull();
  });

  it('makes the lease active once the partner’s tools are discovered, and records each hop', async () => {
    const { leases, frames, hops } = rig();
    const id = open(leases);
    expect(frames.tools(id)).toBeNull();
    await settle();
    expect(leases.get(id)?.state).toBe('active');
    expect(frames.tools(id)?.map((tool) => tool.name)).toEqual([
      'list_parcel_stock',
      'check_dietary_fit',
      'read_pantry_notes',
      'reserve_parcels',
      'release_parcels',
    ]);
    expect(hops.map((hop) => [hop.event, hop.actor, hop.from, hop.to, hop.policy, hop.status])).toEqual([
      ['lease_opened', 'agent', 'desk', 'pantry', 'allow', 'ok'],
      ['frame_mounted', 'system', 'desk', 'pantry', 'not_applicable', 'ok'],
      ['tools_discovered', 'system', 'pantry', 'desk', 'not_applicable', 'ok'],
    ]);
    expect(hops[0]).toMatchObject({
      verb: 'open_lease',
      request: 'R-1',
      lease: id,
      at: '2026-12-04T00:00:00.000Z',
      detail: 'purpose=read_capacity ttl_s=60',
    });
    expect(hops[2]?.detail).toBe(
      'transport=native tools=5 names=list_parcel_stock,check_dietary_fit,read_pantry_notes,reserve_parcels,release_parcels',
    );
  });

  it('fails the lease, and removes its frame, when no tools are discovered within the mount timeout', async () => {
    const silent = (): PartnerChannel => ({
      transport: 'message',
      tools: async () => [],
      call: async () => ({ ok: false, code: 'NOT_DISCOVERED', message: '', shape: null }),
      close() {},
    });
    const { leases, parent, clock, hops } = rig(silent);
    const id = open(leases);
    await settle();
    clock.advance(1_999);
    await settle();
    expect(leases.get(id)?.state).toBe('pending');
    clock.advance(1);
    expect(leases.get(id)).toMatchObject({
      state: 'failed',
      endReason: "the partner's tools were not discovered within 2000 ms",
    });
    expect(parent.querySelectorAll('iframe')).toHaveLength(0);
    expect(hops.slice(-2).map((hop) => hop.event)).toEqual(['lease_failed', 'frame_unmounted']);
  });

  it('on a terminal state, in the same task, removes the frame, discards discovery and aborts the calls in flight', async () => {
    const partner = memoryPartner({
      manifest: RELIEF_PARTNERS.manifest('pantry')!,
      beforeCommit: () => new Promise(() => {}),
    });
    const { leases, frames, parent } = rig(partner.connector);
    const id = open(leases);
    await settle();
    const call = frames.invoke(id, 'reserve_parcels', { request: 'R-1', idempotency_key: 'k1' });
    await settle();
    expect(frames.inFlight(id)).toBe(1);
    leases.apply(id, 'revoke', { actor: 'human', reason: 'wrong family' });
    // Nothing awaited since the revocation:
    expect(parent.querySelectorAll('iframe')).toHaveLength(0);
    expect(frames.tools(id)).toBeNull();
    expect(frames.inFlight(id)).toBe(0);
    expect(partner.openChannels()).toBe(0);
    expect(await call).toEqual({
      ok: false,
      code: 'ABORTED',
      message: `lease ${id} is revoked: wrong family`,
      shape: null,
    });
    expect(partner.commits).toEqual([]);
  });

  it('fails the lease at once when its frame loads a second document (it navigated away): the call in flight ends naming why, the frame goes, and who watches is told', async () => {
    const partner = memoryPartner({
      manifest: RELIEF_PARTNERS.manifest('pantry')!,
      beforeCommit: () => new Promise(() => {}),
    });
    const faults: Array<[string, PartnerFault]> = [];
    const { leases, frames, parent, hops } = rig(partner.connector, {
      onFault: (lease, fault) => faults.push([lease.id, fault]),
    });
    const id = open(leases);
    const frame = parent.querySelector('iframe') as HTMLIFrameElement;
    // Its first document is the partner's page: nothing happens.
    frame.dispatchEvent(new Event('load'));
    await settle();
    expect(leases.get(id)?.state).toBe('active');
    const call = frames.invoke(id, 'reserve_parcels', { request: 'R-1', idempotency_key: 'k1' });
    await settle();
    expect(frames.inFlight(id)).toBe(1);
    // Its second is somewhere else.
    frame.dispatchEvent(new Event('load'));
    const reason = PARTNER_FAULT_REASONS.frame_navigated;
    expect(leases.get(id)).toMatchObject({ state: 'failed', endReason: reason });
    expect(parent.querySelectorAll('iframe')).toHaveLength(0);
    expect(frames.inFlight(id)).toBe(0);
    expect(await call).toEqual({
      ok: false,
      code: 'ABORTED',
      message: `lease ${id} is failed: ${reason}`,
      shape: null,
    });
    expect(partner.commits).toEqual([]);
    expect(hops.slice(-2).map((hop) => [hop.event, hop.actor, hop.detail])).toEqual([
      ['lease_failed', 'system', `reason="${reason}"`],
      ['frame_unmounted', 'system', ''],
    ]);
    expect(faults).toEqual([[id, 'frame_navigated']]);
  });

  it('fails the lease at once when its partner page says it lost its server, pending or active, and hears nothing more from it', async () => {
    const reports = new Map<string, (fault: PartnerFault) => void>();
    const partner = memoryPartner({ manifest: RELIEF_PARTNERS.manifest('pantry')! });
    const silent = (): PartnerChannel => ({
      transport: 'message',
      tools: async () => [],
      call: async () => ({ ok: false, code: 'NOT_DISCOVERED', message: '', shape: null }),
      close() {},
    });
    let answers = true;
    const connect: ChannelConnector = (request) => {
      reports.set(request.lease.id, (fault) => request.onFault?.(fault));
      return answers ? partner.connector(request) : silent();
    };
    const faults: Array<[string, PartnerFault]> = [];
    const { leases, parent, clock } = rig(connect, { onFault: (lease, fault) => faults.push([lease.id, fault]) });
    const reason = PARTNER_FAULT_REASONS.server_unreachable;

    const active = open(leases);
    await settle();
    expect(leases.get(active)?.state).toBe('active');
    reports.get(active)?.('server_unreachable');
    expect(leases.get(active)).toMatchObject({ state: 'failed', endReason: reason });

    // A lease still mounting fails now, not at the mount timeout.
    answers = false;
    const pending = open(leases);
    await settle();
    expect(leases.get(pending)?.state).toBe('pending');
    reports.get(pending)?.('server_unreachable');
    expect(leases.get(pending)).toMatchObject({ state: 'failed', endReason: reason });
    expect(parent.querySelectorAll('iframe')).toHaveLength(0);

    // Said again, or after the lease ended, it changes nothing.
    reports.get(active)?.('server_unreachable');
    clock.advance(5_000);
    expect(leases.get(pending)?.endReason).toBe(reason);
    expect(faults).toEqual([
      [active, 'server_unreachable'],
      [pending, 'server_unreachable'],
    ]);
  });

  it('records the ending with its cause, then the unmount', async () => {
    const { leases, hops } = rig();
    const id = open(leases);
    await settle();
    leases.apply(id, 'close', { actor: 'agent', policy: 'allow', verb: 'close_lease', reason: 'done reading' });
    expect(hops.slice(-2)).toMatchObject([
      {
        event: 'lease_closed',
        actor: 'agent',
        verb: 'close_lease',
        policy: 'allow',
        status: 'ok',
        detail: 'reason="done reading"',
      },
      { event: 'frame_unmounted', actor: 'system', policy: 'not_applicable', from: 'desk', to: 'pantry' },
    ]);
  });

  it('refuses to call through a lease that has no discovered frame', async () => {
    const { leases, frames } = rig();
    const id = open(leases);
    expect(await frames.invoke(id, 'list_parcel_stock', {})).toMatchObject({ ok: false, code: 'NOT_DISCOVERED' });
    expect(await frames.invoke('L-404', 'list_parcel_stock', {})).toMatchObject({ ok: false, code: 'NOT_DISCOVERED' });
  });

  it('keeps a frame in the page exactly while its lease is pending or active, whatever happens', async () => {
    type Op =
      | { kind: 'open'; partner: PartnerName; ttl: number }
      | { kind: 'close' | 'revoke' | 'fail'; which: number }
      | { kind: 'time'; ms: number }
      | { kind: 'settle' }
      | { kind: 'crash' };
    const op: fc.Arbitrary<Op> = fc.oneof(
      fc.record({
        kind: fc.constant('open' as const),
        partner: fc.constantFrom<PartnerName>('pantry', 'shelter', 'rides', 'coldchain'),
        ttl: fc.integer({ min: 1, max: 300 }),
      }),
      fc.record({ kind: fc.constantFrom('close' as const, 'revoke' as const, 'fail' as const), which: fc.nat(6) }),
      fc.record({ kind: fc.constant('time' as const), ms: fc.integer({ min: 0, max: 90_000 }) }),
      fc.constant({ kind: 'settle' as const }),
      fc.constant({ kind: 'crash' as const }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { maxLength: 25 }), fc.boolean(), async (ops, partnerAnswers) => {
        const silent = (): PartnerChannel => ({
          transport: 'message',
          tools: async () => [],
          call: async () => ({ ok: false, code: 'NOT_DISCOVERED', message: '', shape: null }),
          close() {},
        });
        const connect = partnerAnswers
          ? ({ lease, ...rest }: Parameters<Parameters<typeof createFrameHost>[0]['connect']>[0]) =>
              memoryPartner({ manifest: RELIEF_PARTNERS.manifest(lease.partner)! }).connector({ lease, ...rest })
          : silent;
        const { leases, frames, parent, clock } = rig(connect);
        const check = (): void => {
          const live = leases
            .live()
            .map((lease) => lease.id)
            .sort();
          const inPage = [...parent.querySelectorAll('iframe')].map((frame) => frame.dataset.lease as string).sort();
          expect(inPage).toEqual(live);
          expect(frames.framed().sort()).toEqual(live);
        };
        for (const step of ops) {
          const ids = leases.list().map((lease) => lease.id);
          if (step.kind === 'open') open(leases, step.partner, step.ttl);
          else if (step.kind === 'time') clock.advance(step.ms);
          else if (step.kind === 'settle') await settle();
          else if (step.kind === 'crash') leases.endAll('the page went away');
          else {
            const id = ids[step.which % Math.max(ids.length, 1)];
            if (id) leases.apply(id, step.kind, { actor: 'human' });
          }
          check();
        }
        await settle();
        check();
      }),
      { numRuns: 60 },
    );
  });
});

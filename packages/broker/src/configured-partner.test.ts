// @vitest-environment jsdom
// A partner added by configuration only: a manifest for a partner this repository has no site,
// package entry or name for, handed to the broker as a desk hands it its own. The broker opens a
// lease on it, loads its frame from the manifest's origin under the manifest's title, discovers its
// tools and calls one, with nothing of the partner's anywhere in the broker.
import { afterEach, describe, expect, it } from 'vitest';
import { createBroker } from './broker.ts';
import { domFrameContainer } from './frame-container.ts';
import { createFrameHost } from './frame-host.ts';
import type { Hop } from './hop.ts';
import { createLeaseBook } from './lease.ts';
import { createPartnerDirectory } from './partner-directory.ts';
import { readPartnerManifest, type PartnerManifest } from './partner-manifest.ts';
import { manualBrokerClock } from './testing/manual-broker-clock.ts';
import { memoryPartner } from './testing/memory-partner.ts';

const BAKERY_ORIGIN = 'https://bread.example.org:8443';

// As a desk's configuration (or the partner, at PARTNER_MANIFEST_PATH) would give it.
const served = {
  name: 'bakery',
  origin: BAKERY_ORIGIN,
  title: 'Corner bakery',
  receipt_key: null,
  tools: [
    { name: 'list_loaves', access: 'read', params: [], untrusted: false },
    { name: 'set_aside_loaves', access: 'write', params: ['count'], untrusted: false },
    { name: 'put_back_loaves', access: 'write', params: ['set_aside'], untrusted: false },
  ],
  scopes: { read_capacity: ['list_loaves'], execute_plan: ['set_aside_loaves', 'put_back_loaves'] },
  compensations: {
    set_aside_loaves: { undo: 'put_back_loaves', args: { set_aside: { from: 'result', field: 'set_aside' } } },
  },
};

function bakeryManifest(): PartnerManifest {
  const read = readPartnerManifest(served);
  if (!read.ok) throw new Error(read.problem);
  return read.manifest;
}

const settle = async (): Promise<void> => {
  for (let turn = 0; turn < 10; turn += 1) await new Promise((resolve) => setTimeout(resolve, 0));
};

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function desk(manifests: readonly PartnerManifest[]) {
  const clock = manualBrokerClock(Date.UTC(2026, 11, 4, 9));
  const partners = createPartnerDirectory(manifests);
  const leases = createLeaseBook({ clock });
  const parent = document.createElement('section');
  document.body.append(parent);
  const hops: Hop[] = [];
  const record = (hop: Hop): void => void hops.push(hop);
  const bakery = memoryPartner({ manifest: bakeryManifest() });
  const frames = createFrameHost({
    leases,
    partners,
    container: domFrameContainer(parent),
    connect: bakery.connector,
    record,
    clock,
  });
  const broker = createBroker({ partners, leases, frames, record, clock });
  cleanups.push(() => {
    frames.dispose();
    leases.dispose();
    parent.remove();
  });
  return { broker, leases, frames, parent, hops };
}

describe('a partner the repository does not have, added by configuration only', () => {
  it('is leased, framed from its own origin under its own title, discovered and called', async () => {
    const { broker, leases, frames, parent, hops } = desk([bakeryManifest()]);
    const opened = broker.openLease(
      { partner: 'bakery', purpose: 'read_capacity', ttlSeconds: 60, request: 'R-1' },
      { actor: 'agent', channel: 'webmcp', verb: 'open_lease' },
    );
    if (!opened.ok) throw new Error(opened.message);
    const lease = opened.lease.id;

    const frame = parent.querySelector('iframe') as HTMLIFrameElement;
    expect(frame.getAttribute('src')).toBe(`${BAKERY_ORIGIN}/#lease-purpose=read_capacity`);
    expect(frame.title).toBe(`Corner bakery, partner site, under lease ${lease}`);

    await settle();
    expect(leases.get(lease)?.state).toBe('active');
    expect(frames.tools(lease)?.map((tool) => [tool.name, tool.origin])).toEqual([
      ['list_loaves', BAKERY_ORIGIN],
      ['set_aside_loaves', BAKERY_ORIGIN],
      ['put_back_loaves', BAKERY_ORIGIN],
    ]);

    const answer = await broker.call(
      lease,
      'list_loaves',
      {},
      { actor: 'agent', channel: 'webmcp', verb: 'find_capacity' },
    );
    expect(answer).toMatchObject({ ok: true, partner: 'bakery', origin: BAKERY_ORIGIN, tool: 'list_loaves' });
    // Out of its read lease's scope, the bakery's write is refused like any partner's.
    expect(
      await broker.call(
        lease,
        'set_aside_loaves',
        { count: 2 },
        { actor: 'agent', channel: 'webmcp', verb: 'find_capacity' },
      ),
    ).toMatchObject({ ok: false, isError: true });
    expect(hops.map((hop) => [hop.event, hop.from, hop.to])).toEqual(
      expect.arrayContaining([
        ['lease_opened', 'desk', 'bakery'],
        ['frame_mounted', 'desk', 'bakery'],
        ['tools_discovered', 'bakery', 'desk'],
      ]),
    );
  });

  it('has its lease fail at once, with no frame, when its partner is not in the directory the frame host was given', () => {
    const { leases, parent, hops } = desk([]);
    const opened = leases.open(
      { partner: 'bakery', purpose: 'read_capacity', ttlSeconds: 60, request: 'R-1' },
      { actor: 'agent', policy: 'allow', verb: 'open_lease' },
    );
    if (!opened.ok) throw new Error(opened.message);
    expect(leases.get(opened.lease.id)).toMatchObject({
      state: 'failed',
      endReason: 'bakery is not in the partner directory, so there is no origin to load its frame from',
    });
    expect(parent.querySelectorAll('iframe')).toHaveLength(0);
    expect(hops.map((hop) => hop.event)).toEqual(['lease_opened', 'lease_failed']);
  });
});

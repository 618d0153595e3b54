// The frame host gives each lease its partner frame for exactly as long as the lease is pending
// or active. Access is bounded by the frame's life, not by exposedTo: a browser agent's
// observation of the page is not filtered by the exposed origin list, so the only way to keep a
// partner's tools out of reach is for their document not to exist. When a lease reaches any
// terminal state the host, in the same task, aborts its in-flight calls, removes the frame element
// (destroying the partner document and every tool in it; signal-based unregistration alone has
// been seen to fail in Chromium), discards the cached discovery and closes the channel.
//
// A lease also fails at once when its partner is gone before it ended: its frame navigated away
// (the container sees a second document load in it) or the partner's page said it lost its own
// server (a `fault` on the channel). Waiting for the next call to fail, or for the time to live to
// run out, would leave a call in flight hanging that long (in the message transport the navigated
// frame's port simply never answers) and the steps before it undone too late.
import type { ListedTool } from '@warrant/webmcp';
import { systemClock, type BrokerClock } from './clock.ts';
import type { FrameContainer, MountedFrame } from './frame-container.ts';
import { framedUrl } from './frame-purpose.ts';
import type { Hop, HopEvent, RecordHop } from './hop.ts';
import { hopDetail } from './hop-detail.ts';
import { isTerminal, type Lease, type LeaseBook, type LeaseTransition } from './lease.ts';
import type { LeaseState } from './lease-states.ts';
import type { PartnerDirectory } from './partner-directory.ts';
import { PARTNER_FAULT_REASONS, type PartnerFault } from './partner-fault.ts';
import {
  abortedOutcome,
  channelFailure,
  type ChannelConnector,
  type PartnerCallOutcome,
  type PartnerChannel,
} from './partner-channel.ts';

export interface FrameHostOptions {
  readonly leases: LeaseBook;
  /**
   * The partners, as the manifests the desk was configured with: a lease's frame is loaded from
   * its partner's origin and titled with its partner's title. A lease on a partner it does not
   * hold fails at once, with no frame.
   */
  readonly partners: Pick<PartnerDirectory, 'manifest'>;
  readonly container: FrameContainer;
  readonly connect: ChannelConnector;
  readonly record: RecordHop;
  readonly clock?: BrokerClock;
  /** How long a pending lease waits for the partner's tools before it fails. Default 10 000 ms. */
  readonly mountTimeoutMs?: number;
  /** How often discovery asks again while the partner has not registered anything yet. Default 50 ms. */
  readonly discoveryIntervalMs?: number;
  /** The path loaded from the partner's origin (its fragment says the lease's purpose). Default `/`. */
  readonly framePath?: string;
  /** Told when a lease failed because its partner is gone (after the lease has failed): the desk says the partner is down. */
  readonly onFault?: (lease: Lease, fault: PartnerFault) => void;
}

export interface FrameHost {
  /** The tools discovered for a lease, or null (not yet discovered, or the lease has ended). */
  tools(lease: string): readonly ListedTool[] | null;
  /**
   * The writes the lease's frame declared without registering them (a read lease's frame holds its
   * reads only), known once its tools are discovered: for checking a drafted step, never callable.
   */
  declared(lease: string): readonly ListedTool[];
  /** Calls a partner tool in the lease's frame; the call is aborted if the lease ends first. */
  invoke(
    lease: string,
    name: string,
    input: object,
    options?: { readonly signal?: AbortSignal },
  ): Promise<PartnerCallOutcome>;
  frame(lease: string): MountedFrame | null;
  /** Ids of the leases that have a frame right now. */
  framed(): string[];
  /** Calls still open under a lease. */
  inFlight(lease: string): number;
  /** Removes every frame and stops listening. Lease states are left as they are. */
  dispose(): void;
}

interface Entry {
  readonly lease: Lease;
  readonly origin: string;
  frame: MountedFrame | null;
  channel: PartnerChannel | null;
  tools: ListedTool[] | null;
  declared: ListedTool[];
  mountTimer: unknown;
  pollTimer: unknown;
  readonly inFlight: Set<AbortController>;
  ended: boolean;
}

const ENDED_EVENTS: Readonly<Record<Exclude<LeaseState, 'pending' | 'active'>, HopEvent>> = {
  closed: 'lease_closed',
  expired: 'lease_expired',
  revoked: 'lease_revoked',
  failed: 'lease_failed',
};

export function createFrameHost(options: FrameHostOptions): FrameHost {
  const clock = options.clock ?? systemClock;
  const mountTimeoutMs = options.mountTimeoutMs ?? 10_000;
  const interval = options.discoveryIntervalMs ?? 50;
  const path = options.framePath ?? '/';
  const entries = new Map<string, Entry>();

  const hop = (
    lease: Lease,
    fields: Pick<Hop, 'actor' | 'event' | 'from' | 'to' | 'policy' | 'status'> & Partial<Hop>,
  ): void => {
    options.record({
      at: new Date(clock.now()).toISOString(),
      channel: '',
      verb: '',
      request: lease.request,
      lease: lease.id,
      plan: lease.plan ?? '',
      approval: lease.approval ?? '',
      digest: '',
      detail: '',
      ...fields,
    });
  };

  const fail = (entry: Entry, reason: string): void => {
    if (!entry.ended) options.leases.apply(entry.lease.id, 'fail', { actor: 'system', reason });
  };

  const fault = (entry: Entry, kind: PartnerFault): void => {
    if (entry.ended) return;
    fail(entry, PARTNER_FAULT_REASONS[kind]);
    options.onFault?.(entry.lease, kind);
  };

  const discover = async (entry: Entry): Promise<void> => {
    entry.pollTimer = null;
    if (entry.ended || !entry.channel) return;
    let listed: ListedTool[];
    try {
      listed = await entry.channel.tools();
    } catch (error) {
      fail(entry, `the partner channel failed: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
    if (entry.ended) return;
    const own = listed.filter((tool) => tool.origin === entry.origin);
    if (own.length === 0) {
      entry.pollTimer = clock.setTimer(() => void discover(entry), interval);
      return;
    }
    entry.tools = own;
    entry.declared = (entry.channel.declared?.() ?? []).filter(
      (tool) => tool.origin === entry.origin && !own.some((registered) => registered.name === tool.name),
    );
    clock.clearTimer(entry.mountTimer);
    hop(entry.lease, {
      actor: 'system',
      event: 'tools_discovered',
      from: entry.lease.partner,
      to: 'desk',
      policy: 'not_applicable',
      status: 'ok',
      detail: hopDetail({
        transport: entry.channel.transport,
        tools: own.length,
        names: own.map((tool) => tool.name).join(','),
        declared: entry.declared.length > 0 ? entry.declared.map((tool) => tool.name).join(',') : undefined,
      }),
    });
    options.leases.apply(entry.lease.id, 'discovered', { actor: 'system', reason: `${own.length} tools discovered` });
  };

  const mount = (transition: LeaseTransition): void => {
    const { lease, cause } = transition;
    hop(lease, {
      actor: cause.actor,
      channel: cause.channel,
      event: 'lease_opened',
      from: 'desk',
      to: lease.partner,
      verb: cause.verb,
      policy: cause.policy,
      status: 'ok',
      detail: hopDetail({ purpose: lease.purpose, ttl_s: lease.ttlSeconds }),
    });
    const manifest = options.partners.manifest(lease.partner);
    const origin = manifest?.origin ?? '';
    const entry: Entry = {
      lease,
      origin,
      frame: null,
      channel: null,
      tools: null,
      declared: [],
      mountTimer: null,
      pollTimer: null,
      inFlight: new Set(),
      ended: false,
    };
    entries.set(lease.id, entry);
    if (!manifest) {
      fail(entry, `${lease.partner} is not in the partner directory, so there is no origin to load its frame from`);
      return;
    }
    // The page in the frame registers its writes only when its URL says execute_plan.
    const src = framedUrl(path, origin, lease.purpose);
    try {
      entry.frame = options.container.mount({
        lease: lease.id,
        partner: lease.partner,
        src,
        title: `${manifest.title}, partner site, under lease ${lease.id}`,
        onNavigated: () => fault(entry, 'frame_navigated'),
      });
    } catch (error) {
      fail(entry, `the partner frame could not be created: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
    hop(lease, {
      actor: 'system',
      event: 'frame_mounted',
      from: 'desk',
      to: lease.partner,
      policy: 'not_applicable',
      status: 'ok',
      detail: hopDetail({ src }),
    });
    entry.mountTimer = clock.setTimer(
      () => fail(entry, `the partner's tools were not discovered within ${mountTimeoutMs} ms`),
      mountTimeoutMs,
    );
    try {
      entry.channel = options.connect({
        frame: entry.frame,
        lease,
        origin,
        onFault: (kind) => fault(entry, kind),
        onRejected: (message) =>
          hop(lease, {
            actor: 'system',
            event: 'bridge_forged',
            from: lease.partner,
            to: 'desk',
            policy: 'not_applicable',
            status: 'refused',
            detail: hopDetail({ reason: message.reason, origin: message.origin, kind: message.kind }),
          }),
      });
    } catch (error) {
      fail(entry, `the partner channel could not be opened: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
    void discover(entry);
  };

  const unmount = (transition: LeaseTransition): void => {
    const { lease, cause } = transition;
    const entry = entries.get(lease.id);
    if (entry) {
      entry.ended = true;
      clock.clearTimer(entry.mountTimer);
      clock.clearTimer(entry.pollTimer);
      // The reason reaches the caller: a call cut short says why its lease ended.
      const why = lease.endReason && lease.endReason !== transition.event ? `: ${lease.endReason}` : '';
      for (const controller of entry.inFlight) controller.abort(`lease ${lease.id} is ${lease.state}${why}`);
      entry.inFlight.clear();
      entry.frame?.remove();
      entry.tools = null;
      entry.declared = [];
      entry.channel?.close();
      entries.delete(lease.id);
    }
    // An end already on the record (cause.recorded) is not recorded again; the frame's removal,
    // which only this page saw, is.
    if (!cause.recorded)
      hop(lease, {
        actor: cause.actor,
        channel: cause.channel,
        event: ENDED_EVENTS[lease.state as keyof typeof ENDED_EVENTS],
        from: 'desk',
        to: lease.partner,
        verb: cause.verb,
        policy: cause.policy,
        status: 'ok',
        detail: hopDetail({ reason: cause.reason }),
      });
    if (entry?.frame) {
      hop(lease, {
        actor: 'system',
        event: 'frame_unmounted',
        from: 'desk',
        to: lease.partner,
        policy: 'not_applicable',
        status: 'ok',
      });
    }
  };

  const unsubscribe = options.leases.subscribe((transition) => {
    if (transition.from === null) mount(transition);
    else if (isTerminal(transition.lease.state)) unmount(transition);
  });

  return {
    tools: (lease) => entries.get(lease)?.tools ?? null,
    declared: (lease) => entries.get(lease)?.declared ?? [],

    async invoke(lease, name, input, callOptions = {}) {
      const entry = entries.get(lease);
      if (!entry || entry.ended || !entry.channel || !entry.tools || options.leases.get(lease)?.state !== 'active') {
        return channelFailure(
          'NOT_DISCOVERED',
          `Lease ${lease} has no discovered partner frame, so ${name} was not called.`,
        );
      }
      const channel = entry.channel;
      const controller = new AbortController();
      entry.inFlight.add(controller);
      const signal = callOptions.signal ? AbortSignal.any([controller.signal, callOptions.signal]) : controller.signal;
      try {
        if (!entry.tools.some((tool) => tool.name === name)) {
          // A tool registered after discovery is found by asking again, once.
          const fresh = await abortable(channel.tools(), signal);
          if (fresh && !entry.ended) entry.tools = fresh.filter((tool) => tool.origin === entry.origin);
        }
        if (signal.aborted) return abortedOutcome(signal);
        return (await abortable(channel.call(name, input, { signal }), signal)) ?? abortedOutcome(signal);
      } catch (error) {
        // A channel answers with outcomes; one that throws instead still gets an answer, not a rejection.
        return {
          ok: false,
          code: 'TOOL_FAILED',
          message: error instanceof Error ? error.message : String(error),
          shape: null,
        };
      } finally {
        entry.inFlight.delete(controller);
      }
    },

    frame: (lease) => entries.get(lease)?.frame ?? null,
    framed: () => [...entries.values()].filter((entry) => entry.frame !== null).map((entry) => entry.lease.id),
    inFlight: (lease) => entries.get(lease)?.inFlight.size ?? 0,

    dispose() {
      unsubscribe();
      for (const entry of entries.values()) {
        entry.ended = true;
        clock.clearTimer(entry.mountTimer);
        clock.clearTimer(entry.pollTimer);
        for (const controller of entry.inFlight) controller.abort('the frame host was disposed');
        entry.frame?.remove();
        entry.channel?.close();
      }
      entries.clear();
    },
  };
}

/** Settles with the promise's value, or with undefined as soon as the signal aborts. */
function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T | undefined> {
  if (signal.aborted) return Promise.resolve(undefined);
  return new Promise<T | undefined>((resolve, reject) => {
    const onAbort = (): void => resolve(undefined);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

import {
  createBroker,
  createFrameHost,
  createLeaseBook,
  domFrameContainer,
  messageChannelConnector,
  nativeChannelConnector,
  type ChannelConnector,
  type Hop,
} from '@warrant/broker';
import { connect } from '@warrant/webmcp';
import { PARTNER_DIRECTORY } from '../../apps/desk/src/partners.ts';
import { median } from '../measure.ts';

// Runs inside the real desk page (its origin, its headers: the Permissions-Policy that delegates
// tools to the partners, the CSP that lets it frame them), bundled and evaluated by
// broker.bench.ts: the broker as the desk wires it, one read lease on the real pantry site in its
// own frame, and the same leased read called again and again. Each call is the whole hop — lease,
// scope and policy checks, the hop records, the frame host, the channel and the partner page's
// own row — timed from the desk's side. The hops are kept in memory here: the desk's real path
// (its ledger append on every call) is not what this page times.

export interface LeasedReadTimings {
  readonly transport: string;
  readonly samples: number;
  /** Milliseconds of each timed call, in order. */
  readonly times: number[];
  readonly p50: number;
  readonly p90: number;
}

const PARTNER = 'pantry';
const TOOL = 'list_parcel_stock';

export async function measureLeasedRead(options: {
  readonly native: boolean;
  readonly warmUp: number;
  readonly samples: number;
}): Promise<LeasedReadTimings> {
  let connector: ChannelConnector;
  if (options.native) {
    const connection = await connect();
    if (connection.mode !== 'native') throw new Error(`native WebMCP is not here: ${connection.reason}`);
    connector = nativeChannelConnector(connection.webmcp);
  } else {
    connector = messageChannelConnector(window);
  }
  const holder = document.createElement('div');
  document.body.append(holder);
  const leases = createLeaseBook();
  // Hops are kept in memory: what is timed is the call, not the desk's storage.
  const hops: Hop[] = [];
  const record = (hop: Hop): void => void hops.push(hop);
  const frames = createFrameHost({
    leases,
    partners: PARTNER_DIRECTORY,
    container: domFrameContainer(holder),
    connect: connector,
    record,
  });
  const broker = createBroker({ partners: PARTNER_DIRECTORY, leases, frames, record });
  try {
    const opened = broker.openLease(
      { partner: PARTNER, purpose: 'read_capacity', ttlSeconds: 300, request: 'R-1' },
      { actor: 'agent', verb: 'open_lease' },
    );
    if (!opened.ok) throw new Error(opened.message);
    const lease = opened.lease.id;
    await new Promise<void>((resolve, reject) => {
      const check = (): void => {
        const state = leases.get(lease)?.state;
        if (state === 'active') resolve();
        else if (state !== 'pending')
          reject(new Error(`the lease ended ${state ?? 'gone'}: ${leases.get(lease)?.endReason ?? ''}`));
        else setTimeout(check, 10);
      };
      check();
    });
    const call = async (): Promise<number> => {
      const started = performance.now();
      const answer = await broker.call(lease, TOOL, {}, { actor: 'agent', verb: 'find_capacity' });
      const took = performance.now() - started;
      if (!answer.ok) throw new Error(`${TOOL} was refused: ${answer.message}`);
      return took;
    };
    for (let run = 0; run < options.warmUp; run += 1) await call();
    const times: number[] = [];
    for (let run = 0; run < options.samples; run += 1) times.push(await call());
    const sorted = [...times].sort((a, b) => a - b);
    return {
      // The frame host names the transport that discovered the tools.
      transport:
        /transport=(\w+)/.exec(hops.find((hop) => hop.event === 'tools_discovered')?.detail ?? '')?.[1] ?? 'unknown',
      samples: times.length,
      times,
      p50: median(times),
      p90: sorted[Math.floor(sorted.length * 0.9)] ?? Number.NaN,
    };
  } finally {
    frames.dispose();
    leases.dispose();
    holder.remove();
  }
}

// Which partners are down right now, as the desk tells a person: a partner whose page said it lost
// its own server (its lease failed for it), or whose server the desk's own server could not reach
// when asked after a lease on it failed. While a partner is down the desk asks its server again
// every few seconds, server to server, and says it is back the moment it answers: for a minute the
// line that said it was down says it is back, so a person who saw it go down sees it return.
import { signal, type ReadonlySignal } from '@preact/signals';
import { systemClock, type BrokerClock, type PartnerName } from '@warrant/broker';
import { askDesk } from '../api/ask-desk.ts';
import { DESK_API } from '../api/desk-api.ts';

export interface PartnerDown {
  readonly partner: PartnerName;
  /** When the desk first learnt it, in ms since the epoch. */
  readonly since: number;
}

/** A partner that was down and answers again. */
export interface PartnerBack {
  readonly partner: PartnerName;
  /** When it went down, and when it answered again, in ms since the epoch. */
  readonly downSince: number;
  readonly at: number;
}

/** How long a partner that came back is said to be back. */
export const BACK_SHOWN_MS = 60_000;

/** What the desk's server says of a partner's server: it answers, it does not, or (null) the desk's own server could not be asked. */
export type ReachAnswer = { readonly reachable: true } | { readonly reachable: false; readonly problem: string } | null;

/** Asks the desk's server whether the partner's server answers (server to server: the page never reaches another origin). */
export async function askThroughDeskServer(partner: PartnerName): Promise<ReachAnswer> {
  const answer = await askDesk(DESK_API.partnerReach, { params: { partner } });
  if (!answer.ok) return null;
  return answer.reachable ? { reachable: true } : { reachable: false, problem: answer.problem };
}

export interface PartnerReach {
  readonly down: ReadonlySignal<readonly PartnerDown[]>;
  /** The partners that were down and came back in the last minute (BACK_SHOWN_MS). */
  readonly back: ReadonlySignal<readonly PartnerBack[]>;
  /** The partner's page said it lost its server: down now, and asked after until it answers. */
  lost(partner: PartnerName): void;
  /** Something failed at the partner that may be its server: asks now, and marks it down if it does not answer. */
  check(partner: PartnerName): void;
  dispose(): void;
}

export interface PartnerReachOptions {
  readonly ask: (partner: PartnerName) => Promise<ReachAnswer>;
  readonly clock?: BrokerClock;
  /** How long after one question about a down partner the next is asked. Default 2 000 ms. */
  readonly intervalMs?: number;
}

export function createPartnerReach(options: PartnerReachOptions): PartnerReach {
  const clock = options.clock ?? systemClock;
  const interval = options.intervalMs ?? 2_000;
  const down = signal<readonly PartnerDown[]>([]);
  const back = signal<readonly PartnerBack[]>([]);
  const timers = new Map<PartnerName, unknown>();
  const backTimers = new Map<PartnerName, unknown>();
  const asking = new Set<PartnerName>();
  let disposed = false;

  const isDown = (partner: PartnerName): boolean => down.peek().some((entry) => entry.partner === partner);
  const forgetBack = (partner: PartnerName): void => {
    clock.clearTimer(backTimers.get(partner));
    backTimers.delete(partner);
    if (back.peek().some((entry) => entry.partner === partner))
      back.value = back.peek().filter((entry) => entry.partner !== partner);
  };
  const markDown = (partner: PartnerName): void => {
    if (isDown(partner)) return;
    forgetBack(partner);
    down.value = [...down.peek(), { partner, since: clock.now() }];
  };
  const markUp = (partner: PartnerName): void => {
    const was = down.peek().find((entry) => entry.partner === partner);
    if (!was) return;
    down.value = down.peek().filter((entry) => entry.partner !== partner);
    back.value = [...back.peek(), { partner, downSince: was.since, at: clock.now() }];
    backTimers.set(
      partner,
      clock.setTimer(() => forgetBack(partner), BACK_SHOWN_MS),
    );
  };

  const ask = async (partner: PartnerName): Promise<void> => {
    if (disposed || asking.has(partner)) return;
    asking.add(partner);
    let answer: ReachAnswer;
    try {
      answer = await options.ask(partner);
    } catch {
      answer = null;
    } finally {
      asking.delete(partner);
    }
    if (disposed) return;
    if (answer?.reachable === true) markUp(partner);
    else if (answer?.reachable === false) markDown(partner);
    // Not known (the desk's own server did not answer): it stays as it was.
    if (isDown(partner) && !timers.has(partner)) {
      timers.set(
        partner,
        clock.setTimer(() => {
          timers.delete(partner);
          void ask(partner);
        }, interval),
      );
    }
  };

  return {
    down,
    back,
    lost(partner) {
      markDown(partner);
      void ask(partner);
    },
    check(partner) {
      void ask(partner);
    },
    dispose() {
      disposed = true;
      for (const handle of [...timers.values(), ...backTimers.values()]) clock.clearTimer(handle);
      timers.clear();
      backTimers.clear();
    },
  };
}

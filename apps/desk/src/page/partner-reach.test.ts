import { manualBrokerClock } from '@warrant/broker/testing';
import type { PartnerName } from '@warrant/broker';
import { describe, expect, it } from 'vitest';
import { BACK_SHOWN_MS, createPartnerReach, type ReachAnswer } from './partner-reach.ts';

const settle = async (): Promise<void> => {
  for (let hop = 0; hop < 5; hop += 1) await new Promise((resolve) => setTimeout(resolve, 0));
};

/** A desk server whose answer about each partner the test sets, counting the questions. */
function deskServer() {
  const answers = new Map<PartnerName, ReachAnswer>();
  const asked: PartnerName[] = [];
  return {
    answers,
    asked,
    ask: async (partner: PartnerName): Promise<ReachAnswer> => {
      asked.push(partner);
      return answers.has(partner) ? (answers.get(partner) as ReachAnswer) : { reachable: true };
    },
  };
}

describe("the desk's list of partners that are down", () => {
  it('marks a partner down at once when its page lost its server, asks again every interval while it is, and drops it once its server answers', async () => {
    const clock = manualBrokerClock(Date.UTC(2026, 11, 4, 9));
    const server = deskServer();
    server.answers.set('pantry', { reachable: false, problem: 'its server cannot be reached' });
    const reach = createPartnerReach({ ask: server.ask, clock, intervalMs: 2_000 });
    reach.lost('pantry');
    expect(reach.down.value).toEqual([{ partner: 'pantry', since: Date.UTC(2026, 11, 4, 9) }]);
    await settle();
    expect(server.asked).toEqual(['pantry']);
    clock.advance(2_000);
    await settle();
    expect(server.asked).toEqual(['pantry', 'pantry']);
    expect(reach.down.value.map((entry) => entry.partner)).toEqual(['pantry']);

    server.answers.set('pantry', { reachable: true });
    clock.advance(2_000);
    await settle();
    expect(reach.down.value).toEqual([]);
    // Back up: no more questions.
    clock.advance(10_000);
    await settle();
    expect(server.asked).toHaveLength(3);
    reach.dispose();
  });

  it('says a partner that was down is back, where it said it was down, for a minute; down again, it is down, not back', async () => {
    const start = Date.UTC(2026, 11, 4, 9);
    const clock = manualBrokerClock(start);
    const server = deskServer();
    server.answers.set('pantry', { reachable: false, problem: 'its server cannot be reached' });
    const reach = createPartnerReach({ ask: server.ask, clock, intervalMs: 2_000 });
    reach.lost('pantry');
    await settle();
    expect(reach.back.value).toEqual([]);

    server.answers.set('pantry', { reachable: true });
    clock.advance(2_000);
    await settle();
    expect(reach.down.value).toEqual([]);
    expect(reach.back.value).toEqual([{ partner: 'pantry', downSince: start, at: start + 2_000 }]);
    clock.advance(BACK_SHOWN_MS - 1);
    expect(reach.back.value.map((entry) => entry.partner)).toEqual(['pantry']);
    clock.advance(1);
    expect(reach.back.value).toEqual([]);

    // Back, then down again before the minute is out: one line, saying down.
    server.answers.set('pantry', { reachable: false, problem: 'its server cannot be reached' });
    reach.lost('pantry');
    await settle();
    server.answers.set('pantry', { reachable: true });
    clock.advance(2_000);
    await settle();
    expect(reach.back.value.map((entry) => entry.partner)).toEqual(['pantry']);
    reach.lost('pantry');
    expect(reach.back.value).toEqual([]);
    expect(reach.down.value.map((entry) => entry.partner)).toEqual(['pantry']);
    reach.dispose();
    expect(clock.pending).toBe(0);
  });

  it('on a check, marks a partner down only if its server does not answer, and keeps what it knew when the desk server cannot be asked', async () => {
    const clock = manualBrokerClock(0);
    const server = deskServer();
    const reach = createPartnerReach({ ask: server.ask, clock });
    reach.check('shelter');
    await settle();
    expect(reach.down.value).toEqual([]);
    expect(clock.pending).toBe(0);

    server.answers.set('rides', { reachable: false, problem: 'its server cannot be reached' });
    reach.check('rides');
    await settle();
    expect(reach.down.value.map((entry) => entry.partner)).toEqual(['rides']);

    // The desk's own server does not answer: rides stays down, and is asked again later.
    server.answers.set('rides', null);
    clock.advance(2_000);
    await settle();
    expect(reach.down.value.map((entry) => entry.partner)).toEqual(['rides']);
    expect(clock.pending).toBe(1);
    reach.dispose();
    expect(clock.pending).toBe(0);
  });
});

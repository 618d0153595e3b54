// kill -9 of a partner's server during writes (issue 15, item 6), on PGlite: the server runs
// in a child process of its own (./testing/partner-child.ts, with tsx), the test sends authorized
// writes over real HTTP, kills the child with SIGKILL while they are in flight, starts it again on
// the same data, and checks what a partner and the desk would: every acknowledged write is in the
// record exactly once, and a call retried with its idempotency key answers the first result — also
// a call that got no answer (it either replays what was committed, or applies now, once). The test
// waits only on real signals: the child's "listening" line, answers, the child's exit.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { SITES } from '@warrant/config';
import { REPOSITORY_ROOT } from '@warrant/site-server';
import { startServerChild, type ServerChild } from '@warrant/site-server/testing';
import { testDesk } from './testing/test-desk.ts';

const CHILD = fileURLToPath(new URL('./testing/partner-child.ts', import.meta.url));
const WRITES = 40;
// Killed once this many writes have been acknowledged: the rest are queued or running.
const KILL_AFTER = 8;

const fresh = () => `t_${randomUUID().slice(0, 8)}`;
// On PGlite only, the harder case: the kill takes the database's own process with it. On
// PostgreSQL the database outlives the server, and what the test shows of the server (it answers
// a write only after its transaction commits) is the same code on either engine (appTestEngines).
const engines = {
  pglite: () => ({ PARTNER_CHILD_DATA_DIR: join(inject('pgliteRoot'), fresh()) }),
} as const;

const children = new Set<ServerChild>();
afterEach(async () => {
  await Promise.all([...children].map((child) => child.kill()));
  children.clear();
});

/** Starts the partner server in a child process and resolves once it says it is listening. */
async function startChild(settings: Record<string, string>): Promise<ServerChild> {
  const child = await startServerChild(CHILD, { cwd: REPOSITORY_ROOT, env: settings });
  children.add(child);
  return child;
}

interface Answer {
  readonly ok: boolean;
  readonly code?: string;
  readonly receipt?: { readonly id: string };
  readonly replayed?: boolean;
}
type Outcome = { readonly status: number; readonly body: Answer } | { readonly lost: string };

const post = async (url: string, body: unknown): Promise<{ status: number; body: Answer }> => {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Answer };
};

describe.each(Object.entries(engines))(
  'a partner server killed with SIGKILL during writes, on %s',
  (_engine, settingsFor) => {
    it('keeps every acknowledged write exactly once after a restart, and answers every retried call with its first result', async () => {
      const desk = testDesk();
      const settings = { ...settingsFor(), PARTNER_CHILD_DESK: JSON.stringify(desk.record()) };
      // Enough umbrellas that every write is legal: what is tested is the record, not the stock. The
      // child restocks before it listens, as its staff would (a staff act takes a staff passkey).
      const first = await startChild({ ...settings, PARTNER_CHILD_RESTOCK: '100' });

      const calls = Array.from({ length: WRITES }, (_, index) => {
        const { steps } = desk.approve(`A-${index + 1}`, {
          v: 1,
          request: `R-${index + 1}`,
          steps: [
            { origin: SITES.pantry.origin, tool: 'lend_umbrellas', args: { count: 1, borrower: `B${index + 1}` } },
          ],
        });
        return {
          input: { ...steps[0]!.args, authorization: steps[0]!.step },
          key: steps[0]!.args['idempotency_key'] as string,
        };
      });

      let acknowledged = 0;
      const outcomes: Outcome[] = await Promise.all(
        calls.map(async ({ input }): Promise<Outcome> => {
          try {
            const answer = await post(`${first.url}/api/writes/lend_umbrellas`, {
              input,
              caller: 'runner',
              channel: 'webmcp',
            });
            if (answer.status === 200 && answer.body.ok && (acknowledged += 1) === KILL_AFTER)
              first.process.kill('SIGKILL');
            return answer;
          } catch (error) {
            return { lost: error instanceof Error ? error.message : String(error) };
          }
        }),
      );
      expect(await first.exited).toBe('SIGKILL');

      const acked = new Map<string, string>();
      outcomes.forEach((outcome, index) => {
        if ('lost' in outcome) return;
        // An answer that came is a receipt: nothing is answered as refused or half-done.
        expect(outcome).toMatchObject({ status: 200, body: { ok: true } });
        acked.set(calls[index]!.key, outcome.body.receipt!.id);
      });
      expect(acked.size).toBeGreaterThanOrEqual(KILL_AFTER);
      // The kill came while writes were in flight: some calls got no answer at all.
      expect(acked.size).toBeLessThan(WRITES);

      const second = await startChild(settings);
      const recorded = async () => {
        const response = await fetch(`${second.url}/api/record`);
        const { entries } = (await response.json()) as {
          entries: { seq: number; kind: string; args?: { idempotency_key?: string }; receipt?: { id: string } }[];
        };
        expect(entries.map((entry) => entry.seq)).toEqual(entries.map((_, index) => index + 1));
        return entries.filter((entry) => entry.kind === 'write');
      };
      const afterRestart = await recorded();
      const keysAfterRestart = afterRestart.map((entry) => entry.args?.idempotency_key);
      expect(new Set(keysAfterRestart).size).toBe(keysAfterRestart.length);
      for (const [key, receipt] of acked) {
        expect(
          afterRestart.filter((entry) => entry.args?.idempotency_key === key).map((entry) => entry.receipt?.id),
        ).toEqual([receipt]);
      }

      // Every call again, with its same key and authorization, as the desk does when it reconciles.
      const retried = await Promise.all(
        calls.map(({ input }) =>
          post(`${second.url}/api/writes/lend_umbrellas`, { input, caller: 'runner', channel: 'webmcp' }),
        ),
      );
      retried.forEach((answer, index) => {
        const { key } = calls[index]!;
        expect(answer).toMatchObject({ status: 200, body: { ok: true } });
        const before = acked.get(key);
        if (before !== undefined) expect(answer.body).toMatchObject({ replayed: true, receipt: { id: before } });
        // A call that got no answer replays what was committed before the kill, or applies now.
        else expect(answer.body.replayed === true).toBe(keysAfterRestart.includes(key));
      });
      const final = await recorded();
      expect(final.map((entry) => entry.args?.idempotency_key).sort()).toEqual(calls.map((call) => call.key).sort());
      // And once more: now everything is a replay of its one write.
      const again = await Promise.all(
        calls.map(({ input }) => post(`${second.url}/api/writes/lend_umbrellas`, { input })),
      );
      again.forEach((answer, index) =>
        expect(answer.body).toMatchObject({
          ok: true,
          replayed: true,
          receipt: { id: retried[index]!.body.receipt!.id },
        }),
      );
      expect(await recorded()).toHaveLength(WRITES);
    });
  },
);

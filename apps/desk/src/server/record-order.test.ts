// The desk's server takes from a page only what is in order on its own record (issue 28, item 1):
// a signed-in dispatcher's page — or an agent holding that browser, posting to the append route
// itself — that skips a verb's rule is refused with the rule's code, and nothing is stored. The
// same rules decide which tools a page registers (domain/verb-rules.ts, the lease machine, the
// intake's schema, draft_plan's step checks): a page that follows them never meets a refusal here.
import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import type { Lease } from '@warrant/broker';
import type { Database, SiteServer } from '@warrant/site-server';
import { appTestEngines } from '@warrant/site-server/testing';
import type { DeskEvent } from '../domain/desk-events.ts';
import type { DraftedPlan } from '../domain/plan.ts';
import { openDeskServer } from '../server.ts';
import { enrolTestDispatcher, type TestDispatcher } from '../testing/dispatcher-session.ts';
import {
  appendAs,
  discoveredLeaseEvents,
  storedEvents,
  takenRequestEvent,
  type TestAnswer,
} from '../testing/test-approvals.ts';
import { unansweredPartners } from '../testing/unanswered-partners.ts';

const plan = (overrides: Partial<DraftedPlan> = {}): DeskEvent => ({
  type: 'plan_drafted',
  plan: {
    id: 'P-1',
    request: 'R-1',
    label: 'food for two',
    steps: [{ partner: 'pantry', tool: 'reserve_parcels', args: { kind: 'family', count: 1 } }],
    digest: 'x',
    canonical: '{}',
    draftedBy: 'agent',
    draftedAt: '2026-12-01T10:01:00.000Z',
    revision: 1,
    ...overrides,
  },
});

describe.each(appTestEngines(inject('pgliteRoot'), inject('postgresUrl'), it, []))(
  "the desk's server checks what a page stores against its own record, on %s",
  (_engine, open, it) => {
    let db: Database;
    let server: SiteServer;
    let app: Hono;
    let ada: TestDispatcher;
    let partners: ReturnType<typeof unansweredPartners>;

    beforeEach(async () => {
      db = await open();
      partners = unansweredPartners();
      server = await openDeskServer(db, { receiptKeyOf: async () => null, reachPartner: partners.reach });
      app = new Hono();
      server.routes(app);
      ada = await enrolTestDispatcher(app, server, 'Ada Lovelace');
    });
    afterEach(async () => {
      partners.letGo();
      await server.close();
      await db.close();
    });

    const store = (...events: DeskEvent[]): Promise<TestAnswer> => appendAs(app, ada, 'state', events);
    /** The pantry's tools as its frame declared them: reserve_parcels takes a kind and a whole count. */
    const pantryDiscovered = (number = 1): DeskEvent[] => {
      const [opened, active, tools] = discoveredLeaseEvents('R-1', 'pantry', number, ['reserve_parcels']);
      const declared = (tools as Extract<DeskEvent, { type: 'tools_learned' }>).tools.map((tool) => ({
        ...tool,
        inputSchema: {
          type: 'object',
          properties: { kind: { type: 'string' }, count: { type: 'integer', minimum: 1 } },
          required: ['kind', 'count'],
          additionalProperties: false,
        },
      }));
      return [opened!, active!, { type: 'tools_learned', partner: 'pantry', tools: declared }];
    };
    const refusedWith = (answer: TestAnswer, code: string) =>
      expect(answer).toMatchObject({ ok: false, isError: true, code });

    it('refuses a plan out of order: for a request no one took in, before any frame declared tools, with a step no partner offers as an undoable write, or args the partner did not declare', async () => {
      refusedWith(await store(plan()), 'NO_OPEN_REQUEST');
      expect(await store(takenRequestEvent('R-1', ada))).toMatchObject({ ok: true });
      // draft_plan's guard: no partner's tools discovered yet.
      refusedWith(await store(plan()), 'NO_DISCOVERED_TOOLS');
      expect(await store(...pantryDiscovered())).toMatchObject({ ok: true });
      refusedWith(
        await store(plan({ steps: [{ partner: 'pantry', tool: 'list_parcel_stock', args: {} }] })),
        'STEP_NOT_A_PLANNABLE_WRITE',
      );
      refusedWith(
        await store(
          plan({ steps: [{ partner: 'pantry', tool: 'reserve_parcels', args: { kind: 'family', count: 0 } }] }),
        ),
        'STEP_ARGS_INVALID',
      );
      refusedWith(
        await store(
          plan({
            steps: [{ partner: 'pantry', tool: 'reserve_parcels', args: { kind: 'family', count: 1, request: 'R-9' } }],
          }),
        ),
        'STEP_ARGS_RESERVED',
      );
      refusedWith(await store(plan({ steps: [] })), 'PLAN_INVALID');
      refusedWith(await store(plan({ revision: 3 })), 'OUT_OF_ORDER');
      // Nothing of those was stored; the plan in order is.
      expect((await storedEvents(app, ada)).filter((event) => event.type === 'plan_drafted')).toEqual([]);
      expect(await store(plan())).toMatchObject({ ok: true });
      expect(await store(plan({ label: 'food for two, revised', revision: 2 }))).toMatchObject({ ok: true });
    });

    it('refuses a lease out of the lease machine and the policy table, tools from no live lease, and a run a page reports', async () => {
      expect(await store(takenRequestEvent('R-1', ada))).toMatchObject({ ok: true });
      const [opened] = pantryDiscovered(1) as [Extract<DeskEvent, { type: 'lease_changed' }>];
      const lease: Lease = opened.lease;
      // Tools declared by no frame the record holds a live lease of.
      refusedWith(await store(pantryDiscovered(1)[2]!), 'OUT_OF_ORDER');
      // A lease is born pending, for as long as a lease lives, and only as policy allows.
      refusedWith(await store({ ...opened, lease: { ...lease, state: 'active' } }), 'OUT_OF_ORDER');
      refusedWith(
        await store({ ...opened, lease: { ...lease, ttlSeconds: 9999, expiresAt: lease.openedAt + 9_999_000 } }),
        'LEASE_TTL_OUT_OF_RANGE',
      );
      refusedWith(
        await store({ ...opened, lease: { ...lease, purpose: 'execute_plan', plan: 'P-1', approval: 'A-1' } }),
        'POLICY_DENIED',
      );
      refusedWith(await store({ ...opened, lease: { ...lease, request: 'R-7' } }), 'REQUEST_NOT_OPEN');
      expect(await store(opened)).toMatchObject({ ok: true });
      expect(
        await store({ ...opened, lease: { ...lease, state: 'closed', endedAt: lease.openedAt + 1 } }),
      ).toMatchObject({
        ok: true,
      });
      refusedWith(await store({ ...opened, lease: { ...lease, state: 'active' } }), 'LEASE_ENDED');
      // The run of an approved plan is the desk's server's alone.
      refusedWith(
        await store({
          type: 'run_changed',
          run: { approval: 'A-1', plan: 'P-1', request: 'R-1', status: 'done' },
        } as unknown as DeskEvent),
        'SERVER_ONLY_EVENT',
      );
    });

    it('refuses a request taken in twice or outside the intake schema, and a batch with one event out of order stores none of it', async () => {
      refusedWith(
        await store({
          ...takenRequestEvent('R-1', ada),
          request: { ...(takenRequestEvent('R-1', ada) as { request: object }).request, place: 'Quay\u0007 Road' },
        } as DeskEvent),
        'INVALID_INPUT',
      );
      refusedWith(
        await store({
          ...takenRequestEvent('R-1', ada),
          request: { ...(takenRequestEvent('R-1', ada) as { request: object }).request, people: 0 },
        } as DeskEvent),
        'INVALID_INPUT',
      );
      expect(await store(takenRequestEvent('R-1', ada))).toMatchObject({ ok: true });
      refusedWith(await store(takenRequestEvent('R-1', ada)), 'OUT_OF_ORDER');
      // A sequence in order is checked as the sequence it is: lease, tools, then a plan on them.
      const batch = await store(
        ...pantryDiscovered(1),
        plan({ steps: [{ partner: 'pantry', tool: 'nothing', args: {} }] }),
      );
      expect(batch).toMatchObject({ ok: false, code: 'STEP_NOT_A_PLANNABLE_WRITE', details: { index: 3 } });
      expect((await storedEvents(app, ada)).map((event) => event.type)).toEqual(['request_taken']);
      expect(await store(...pantryDiscovered(1), plan())).toMatchObject({ ok: true });
    });
  },
);

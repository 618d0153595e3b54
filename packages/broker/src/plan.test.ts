import { SITES } from '@warrant/config';
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { digestPlan, planSubstance, type Plan } from './plan.ts';
import { stepInput } from './plan-step-args.ts';
import { RELIEF_PARTNERS } from '../test-support/relief-partners.ts';

const plan: Plan = {
  id: 'plan-1',
  request: 'R-3',
  label: 'Food and a bed tonight',
  steps: [
    {
      partner: 'pantry',
      tool: 'reserve_parcels',
      args: { kind: 'family', count: 1, dietary: 'none', pickup_by: '2026-12-04T18:00' },
    },
    { partner: 'shelter', tool: 'hold_beds', args: { kind: 'family_room', count: 4, night: '2026-12-04' } },
  ],
};

async function digestOf(candidate: Plan): Promise<string> {
  const digested = await digestPlan(candidate, RELIEF_PARTNERS);
  if (!digested.ok) throw new Error(digested.message);
  return digested.digest;
}

describe('the plan digest', () => {
  it('is SHA-256 hex of the canonical JSON of { v: 1, request, steps: [{ origin, tool, args }] }', async () => {
    const text =
      `{"request":"R-3","steps":[{"args":{"count":1,"dietary":"none","kind":"family","pickup_by":"2026-12-04T18:00"},"origin":"${SITES.pantry.origin}","tool":"reserve_parcels"},` +
      `{"args":{"count":4,"kind":"family_room","night":"2026-12-04"},"origin":"${SITES.shelter.origin}","tool":"hold_beds"}],"v":1}`;
    const digested = await digestPlan(plan, RELIEF_PARTNERS);
    expect(digested).toEqual({
      ok: true,
      canonical: text,
      digest: createHash('sha256').update(text, 'utf8').digest('hex'),
    });
  });

  it('leaves the label out: a relabelled plan has the same digest', async () => {
    expect(planSubstance({ ...plan }, RELIEF_PARTNERS)).not.toHaveProperty('label');
    await fc.assert(
      fc.asyncProperty(fc.string(), async (label) => {
        expect(await digestOf({ ...plan, label })).toBe(await digestOf(plan));
      }),
      { numRuns: 30 },
    );
  });

  it('changes with the origin, the tool, any argument or the order of the steps', async () => {
    const base = await digestOf(plan);
    const [first, second] = plan.steps as [Plan['steps'][0], Plan['steps'][0]];
    expect(await digestOf({ ...plan, steps: [{ ...first, partner: 'coldchain' }, second] })).not.toBe(base);
    expect(await digestOf({ ...plan, steps: [{ ...first, tool: 'release_parcels' }, second] })).not.toBe(base);
    expect(await digestOf({ ...plan, steps: [second, first] })).not.toBe(base);
    expect(await digestOf({ ...plan, request: 'R-4' })).not.toBe(base);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('kind', 'count', 'dietary', 'pickup_by', 'extra'),
        fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null), fc.array(fc.integer(), { maxLength: 3 })),
        async (key, value) => {
          fc.pre(JSON.stringify(value) !== JSON.stringify(first.args[key]));
          expect(
            await digestOf({ ...plan, steps: [{ ...first, args: { ...first.args, [key]: value } }, second] }),
          ).not.toBe(base);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('refuses arguments that are not plain JSON, naming where', async () => {
    const bad = {
      ...plan,
      steps: [{ partner: 'pantry' as const, tool: 'reserve_parcels', args: { when: new Date(0) } }],
    };
    expect(await digestPlan(bad, RELIEF_PARTNERS)).toMatchObject({
      ok: false,
      isError: true,
      code: 'PLAN_NOT_DIGESTIBLE',
      details: { path: '/steps/0/args/when' },
    });
  });

  it('refuses a step that sets request or idempotency_key, which the desk derives', async () => {
    const bad = {
      ...plan,
      steps: [{ partner: 'pantry' as const, tool: 'reserve_parcels', args: { idempotency_key: 'mine' } }],
    };
    expect(await digestPlan(bad, RELIEF_PARTNERS)).toMatchObject({
      ok: false,
      code: 'PLAN_ARGS_RESERVED',
      details: { step: 0 },
    });
  });

  it('runs each step with its own args, the plan’s request and a key from the approval (id and challenge) and index', () => {
    expect(stepInput(plan, 1, { id: 'A-5', challenge: 'Zm9yIHRoZSBwZXJzb24ncyBwYXNza2V5' })).toEqual({
      kind: 'family_room',
      count: 4,
      night: '2026-12-04',
      request: 'R-3',
      idempotency_key: 'A-5.Zm9yIHRoZSBwZXJz:step-1',
    });
  });
});

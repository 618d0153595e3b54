import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LEASE_PURPOSES } from './lease-purposes.ts';
import { evaluatePolicy, matchingRules } from './policy.ts';
import {
  ACTORS,
  ACT_CLASSES,
  APPROVAL_STATES,
  POLICY_PURPOSES,
  POLICY_TABLE,
  POLICY_VERDICTS,
  type PolicyRule,
} from './policy-table.ts';
import { RELIEF_MANIFESTS, RELIEF_PARTNERS } from '../test-support/relief-partners.ts';

const everyCombination = ACTORS.flatMap((actor) =>
  ACT_CLASSES.flatMap((act) =>
    POLICY_PURPOSES.flatMap((purpose) => APPROVAL_STATES.map((approval) => ({ actor, act, purpose, approval }))),
  ),
);

describe('the policy table', () => {
  it('is total: every actor × act × purpose × approval state is matched by exactly one row', () => {
    expect(everyCombination).toHaveLength(
      ACTORS.length * ACT_CLASSES.length * POLICY_PURPOSES.length * APPROVAL_STATES.length,
    );
    const gaps = everyCombination.filter((query) => matchingRules(query).length !== 1);
    expect(gaps).toEqual([]);
    for (const query of everyCombination) expect(POLICY_VERDICTS).toContain(evaluatePolicy(query).verdict);
  });

  it('has no row that matches nothing and no two rows with one id', () => {
    for (const rule of POLICY_TABLE)
      expect(rule.actors.length * rule.purposes.length * rule.approvals.length, rule.id).toBeGreaterThan(0);
    expect(new Set(POLICY_TABLE.map((rule) => rule.id)).size).toBe(POLICY_TABLE.length);
  });

  it('denies what an edited table leaves uncovered or covers twice', () => {
    const query = { actor: 'agent', act: 'partner_read', purpose: 'read_capacity', approval: 'none' } as const;
    const rule = POLICY_TABLE.find((row) => row.id === 'read.callers') as PolicyRule;
    expect(evaluatePolicy(query).verdict).toBe('allow');
    expect(
      evaluatePolicy(
        query,
        POLICY_TABLE.filter((row) => row !== rule),
      ),
    ).toMatchObject({ verdict: 'deny', rule: 'unmatched' });
    expect(evaluatePolicy(query, [...POLICY_TABLE, { ...rule, id: 'copy' }])).toMatchObject({
      verdict: 'deny',
      rule: 'ambiguous',
    });
  });

  it('lets an agent open read_capacity leases and never execute_plan ones', () => {
    fc.assert(
      fc.property(fc.constantFrom(...APPROVAL_STATES), (approval) => {
        expect(
          evaluatePolicy({ actor: 'agent', act: 'open_read_lease', purpose: 'read_capacity', approval }).verdict,
        ).toBe('allow');
        expect(
          evaluatePolicy({ actor: 'agent', act: 'open_execute_lease', purpose: 'execute_plan', approval }).verdict,
        ).toBe('deny');
      }),
    );
  });

  it('lets no one but a person approve or reject, and a person only a pending approval', () => {
    for (const query of everyCombination.filter((q) => q.act === 'approve' || q.act === 'reject')) {
      const allowed = evaluatePolicy(query).verdict === 'allow';
      expect(allowed, JSON.stringify(query)).toBe(
        query.actor === 'human' && query.purpose === 'none' && query.approval === 'pending',
      );
    }
  });

  it('opens execute_plan leases only for the run of an approved plan', () => {
    for (const query of everyCombination.filter((q) => q.act === 'open_execute_lease')) {
      expect(evaluatePolicy(query).verdict === 'allow', JSON.stringify(query)).toBe(
        query.actor === 'system' && query.purpose === 'execute_plan' && query.approval === 'approved',
      );
    }
  });

  it('makes a partner write needs_approval unless it runs under an approved plan, and allows it only to that run under an execute lease', () => {
    for (const query of everyCombination.filter((q) => q.act === 'partner_write')) {
      const { verdict } = evaluatePolicy(query);
      if (query.approval !== 'approved' && query.purpose !== 'read_capacity')
        expect(verdict, JSON.stringify(query)).toBe('needs_approval');
      expect(verdict === 'allow', JSON.stringify(query)).toBe(
        query.actor === 'system' && query.purpose === 'execute_plan' && query.approval === 'approved',
      );
    }
  });

  it('never allows a partner call the lease’s scope does not cover', () => {
    const names = [
      ...RELIEF_MANIFESTS.flatMap((manifest) => manifest.tools.map((tool) => tool.name)),
      'drop_all_tables',
    ];
    for (const { name: partner } of RELIEF_MANIFESTS) {
      for (const purpose of LEASE_PURPOSES) {
        for (const name of names) {
          const act = RELIEF_PARTNERS.actOf(partner, name);
          const allowedBySomeone = ACTORS.some((actor) =>
            APPROVAL_STATES.some((approval) => evaluatePolicy({ actor, act, purpose, approval }).verdict === 'allow'),
          );
          if (allowedBySomeone)
            expect(RELIEF_PARTNERS.inScope({ partner, purpose }, name), `${partner} ${purpose} ${name}`).toBe(true);
        }
      }
    }
  });

  it('lets only the desk lapse an approval, and only a pending one, which then authorises nothing', () => {
    for (const query of everyCombination.filter((q) => q.act === 'approval_lapse')) {
      const { verdict } = evaluatePolicy(query);
      if (query.purpose !== 'none') expect(verdict, JSON.stringify(query)).toBe('not_applicable');
      else if (query.actor !== 'system') expect(verdict, JSON.stringify(query)).toBe('deny');
      else expect(verdict, JSON.stringify(query)).toBe(query.approval === 'pending' ? 'deny' : 'not_applicable');
    }
  });

  it("runs a plan, and asks after its steps, only as the desk's run under an approval still held", () => {
    for (const query of everyCombination.filter((q) => q.act === 'run_plan')) {
      expect(evaluatePolicy(query).verdict === 'allow', JSON.stringify(query)).toBe(
        query.actor === 'system' && query.purpose === 'none' && query.approval === 'approved',
      );
    }
    for (const query of everyCombination.filter((q) => q.act === 'reconcile_step')) {
      expect(evaluatePolicy(query).verdict === 'allow', JSON.stringify(query)).toBe(
        query.actor === 'system' && query.purpose === 'execute_plan' && query.approval === 'approved',
      );
    }
  });

  it('has nothing to say about lifecycle hops', () => {
    for (const query of everyCombination.filter((q) => q.act === 'lifecycle'))
      expect(evaluatePolicy(query).verdict).toBe('not_applicable');
  });
});

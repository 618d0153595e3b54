// The relief scenario (shared/spec/desk.md, "Scenario runner"): a family of four needs food and a
// bed tonight. Data only; scenario-runner.ts drives it through the same verbs any agent calls.
import type { Scenario } from './scenario-step.ts';

const REQUEST = { $ref: 'intake.request.id' };

export const RELIEF_SCENARIO: Scenario = {
  name: 'relief',
  title: 'A family of four needs food and a bed tonight',
  steps: [
    {
      id: 'intake',
      verb: 'intake_request',
      says: 'Take in the request: a family of four, food and a bed, tonight.',
      after: 'start',
      input: {
        people: 4,
        needs: ['food', 'bed'],
        place: 'Harbour Street community hall',
        deadline: { $date: 0, at: '21:00' },
        note: 'Two adults and two children (6 and 9). One child is vegetarian.',
      },
    },
    {
      id: 'lease-pantry',
      verb: 'open_lease',
      says: 'Open a read lease on the food pantry.',
      after: 'start',
      input: { partner: 'pantry', purpose: 'read_capacity', ttl: 180, request: REQUEST },
    },
    {
      id: 'lease-shelter',
      verb: 'open_lease',
      says: 'Open a read lease on the shelter.',
      after: 'start',
      together: true,
      input: { partner: 'shelter', purpose: 'read_capacity', ttl: 180, request: REQUEST },
    },
    {
      id: 'capacity',
      verb: 'find_capacity',
      says: 'Read parcels and beds across both sites.',
      after: 'start',
      input: { request: REQUEST },
    },
    {
      id: 'draft',
      verb: 'draft_plan',
      says: 'Draft the plan: a vegetarian family parcel and a family room for tonight.',
      after: 'start',
      input: {
        request: REQUEST,
        label: 'Food and a family room for tonight',
        steps: [
          {
            partner: 'pantry',
            tool: 'reserve_parcels',
            args: { kind: 'family', count: 1, dietary: 'vegetarian', pickup_by: { $date: 0, skipWeekdays: [0] } },
          },
          { partner: 'shelter', tool: 'hold_beds', args: { kind: 'family_room', count: 1, night: { $date: 0 } } },
        ],
      },
    },
    {
      id: 'commit',
      verb: 'commit_plan',
      says: 'Commit the plan. The desk halts here until a person approves or rejects it.',
      after: 'start',
      input: { plan: { $ref: 'draft.plan.id' } },
    },
    {
      id: 'close-pantry',
      verb: 'close_lease',
      says: "Close the pantry's read lease.",
      after: 'decision',
      input: { lease: { $ref: 'lease-pantry.lease.id' } },
    },
    {
      id: 'close-shelter',
      verb: 'close_lease',
      says: "Close the shelter's read lease.",
      after: 'decision',
      together: true,
      input: { lease: { $ref: 'lease-shelter.lease.id' } },
    },
  ],
};

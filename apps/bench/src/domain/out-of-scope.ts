// What the bench deliberately does not model, each with its reason: a limit stated is not a bug
// hidden. Data, shown when a person opens it.

export interface OutOfScope {
  readonly motion: string;
  readonly cite: string;
  readonly reason: string;
}

export const OUT_OF_SCOPE: readonly OutOfScope[] = [
  {
    motion: 'Rescind / Amend something previously adopted',
    cite: 'RONR §35',
    reason: 'It acts on a decision from an earlier meeting; the bench models a single meeting.',
  },
  {
    motion: 'Discharge a committee',
    cite: 'RONR §36',
    reason: 'It needs the committee’s own state; on the bench, referral is final for the meeting.',
  },
  {
    motion: 'Appeal',
    cite: 'RONR §24',
    reason: 'A point of order followed by the chair’s recorded ruling already covers it here.',
  },
  {
    motion: 'Division of the assembly',
    cite: 'RONR §29',
    reason: 'Every vote on the bench is already a counted tally.',
  },
  {
    motion: 'Germaneness of an amendment',
    cite: 'RONR §12',
    reason:
      'Whether an amendment is germane is a judgement, not a computation; the chair rules on it with record_chair_ruling.',
  },
];

// The shape of claims/register.json: every security claim the project makes, each either
// enforced (with evidence that this run checks) or declared (a position, its mitigation and its
// limit), and the phrasing the project may not use about itself.

export interface TestEvidence {
  readonly kind: 'test';
  readonly file: string;
  /** The test's title, or " > "-joined describe path and title, as the runner reports it. */
  readonly title: string;
  /** Lanes that must have run and passed it: "unit", or Playwright projects ("native", "polyfill"). */
  readonly lanes: readonly string[];
}

export interface ProbeEvidence {
  readonly kind: 'probe';
  /** The committed probe report: evidence/probe/<lane>.json. */
  readonly lane: string;
  readonly check: string;
}

export type Evidence = TestEvidence | ProbeEvidence;

export type Claim =
  | { readonly id: string; readonly claim: string; readonly label: 'enforced'; readonly evidence: readonly Evidence[] }
  | {
      readonly id: string;
      readonly claim: string;
      readonly label: 'declared';
      readonly position: string;
      readonly mitigation: string;
      readonly limit: string;
    };

export interface BannedPhrase {
  /** A case-insensitive regular expression. */
  readonly pattern: string;
  readonly why: string;
}

export interface Register {
  readonly claims: readonly Claim[];
  readonly banned: readonly BannedPhrase[];
}

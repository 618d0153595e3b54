// What an organisation's bylaws file says, as data: who the organisation is, its board, the
// parliamentary authority it adopted, and its quorum rule. Types only; each organisation's file
// beside this one holds the values, and terms.ts turns a file into the numbers the rules read.

/**
 * A quorum as the bylaws state it: a fixed number of members, or a fraction of the board. A
 * fraction is either "at least" that share (rounded up: at least a third of 10 is 4) or "more
 * than" it (a majority is more than half, RONR §1:7: of 15, 8; of 14, 8).
 */
export type QuorumRule =
  | { readonly kind: 'number'; readonly count: number }
  | {
      readonly kind: 'fraction';
      readonly numerator: number;
      readonly denominator: number;
      readonly rounding: 'at_least' | 'more_than';
      /** The bylaws' own words for it, shown to people ("a majority of the board"). */
      readonly words: string;
    };

export interface BylawsFile {
  /** How a meeting names these bylaws in its record: lower case words joined by hyphens. */
  readonly id: string;
  /** The organisation. */
  readonly name: string;
  /** The body that meets under these bylaws. */
  readonly body: string;
  readonly authority: string;
  readonly boardSize: number;
  readonly quorum: QuorumRule;
  /** Where the bylaws set the quorum. */
  readonly quorumSource: string;
  /** The board's members, when the bylaws name them; null when they do not. */
  readonly members: readonly string[] | null;
}

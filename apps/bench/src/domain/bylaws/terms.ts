// The one place a bylaws file becomes the numbers the rules read: the board's size and the quorum
// as a count of members. The meeting's state carries these terms (state.ts), and the rulebook's
// predicate, the attendance rules, the schemas and the minutes read them from there.
import type { BylawsFile, QuorumRule } from './bylaws-file.ts';

export interface BylawsTerms {
  readonly id: string;
  readonly name: string;
  readonly body: string;
  readonly authority: string;
  readonly boardSize: number;
  /** Members who must be present for business (RONR §40). */
  readonly quorum: number;
  readonly quorumSource: string;
  /** The quorum rule in words, for people: "5" or "a majority of the directors in office (8 of 15)". */
  readonly quorumWords: string;
  readonly members: readonly string[] | null;
}

/**
 * The members a quorum rule asks for on a board of `boardSize`. "At least" a fraction rounds up
 * (the smallest whole number of members not below it); "more than" a fraction is the smallest whole
 * number above it (a majority of 14 is 8, not 7).
 */
export function quorumCount(rule: QuorumRule, boardSize: number): number {
  if (rule.kind === 'number') return rule.count;
  // One division of whole numbers, exact whenever the share is itself whole (15 × 1 / 2 is 7.5).
  const share = boardSize * rule.numerator;
  return rule.rounding === 'at_least' ? Math.ceil(share / rule.denominator) : Math.floor(share / rule.denominator) + 1;
}

export function termsOf(file: BylawsFile): BylawsTerms {
  const quorum = quorumCount(file.quorum, file.boardSize);
  return {
    id: file.id,
    name: file.name,
    body: file.body,
    authority: file.authority,
    boardSize: file.boardSize,
    quorum,
    quorumSource: file.quorumSource,
    quorumWords:
      file.quorum.kind === 'number' ? String(quorum) : `${file.quorum.words} (${quorum} of ${file.boardSize})`,
    members: file.members,
  };
}

// Where the seeded meeting's checkpoints fall, apart from the meeting itself, so the bench can
// show its checkpoint buttons without loading the whole seeded record.

/** Each checkpoint is a prefix length: the bench shows replay(SEED.slice(0, n)). */
export const CHECKPOINTS = {
  /** Nobody counted, nothing called: the smallest surface. */
  load: 0,
  /** A bare seconded main motion with a quorum: the most acts in order at once. */
  widest: 4,
  /** Main motion, amendment and amendment to it, all seconded: three questions deep. */
  tangle: 8,
  /** Both amendments adopted into the motion, and the motion laid on the table (the chair put all three questions). */
  tabled: 16,
  /** A seconded main motion quoting text that tells the clerk to record it as adopted. */
  injection: 18,
} as const;

export type CheckpointName = keyof typeof CHECKPOINTS;

/**
 * Where a newcomer starts: each moment of the seeded meeting worth seeing, in the order the bench
 * offers them, with what it shows. "Quorum lost" is the widest frontier with members gone: the
 * one integer that takes most of the agenda away.
 */
export interface StartingPoint {
  readonly id: CheckpointName | 'quorum_lost';
  readonly label: string;
  /** What a person sees there, in a line. */
  readonly shows: string;
  /** The seeded entries replayed. */
  readonly prefix: number;
  /** Then the chair counts this many members present, if set. */
  readonly present?: number;
}

export const STARTING_POINTS: readonly StartingPoint[] = [
  { id: 'load', label: 'Start', shows: 'Nothing recorded yet: 5 tools.', prefix: CHECKPOINTS.load },
  {
    id: 'widest',
    label: 'Widest frontier',
    shows: 'A seconded main motion: 17 tools, the most at once.',
    prefix: CHECKPOINTS.widest,
  },
  {
    id: 'quorum_lost',
    label: 'Quorum lost',
    shows: 'The same, with 4 of 9 present: 8 tools gone at once.',
    prefix: CHECKPOINTS.widest,
    present: 4,
  },
  {
    id: 'tangle',
    label: 'The tangle',
    shows: 'Three motions deep: neither amendment can be moved.',
    prefix: CHECKPOINTS.tangle,
  },
  {
    id: 'tabled',
    label: 'Tabled',
    shows: 'The motion laid on the table: the floor is clear.',
    prefix: CHECKPOINTS.tabled,
  },
  {
    id: 'injection',
    label: 'Injection',
    shows: 'A motion quoting text that tells the clerk to record it as carried.',
    prefix: CHECKPOINTS.injection,
  },
];

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

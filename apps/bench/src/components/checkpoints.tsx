import { CHECKPOINTS, type CheckpointName } from '../domain/checkpoints.ts';

const LABELS: Record<CheckpointName, string> = {
  load: 'Start (nothing recorded)',
  widest: 'Widest frontier',
  tangle: 'The tangle',
  tabled: 'Tabled',
  injection: 'Injection',
};

/**
 * Replays a prefix of the seeded meeting through the same reducer the bench uses. The record it
 * replaces is archived first, never discarded.
 */
export function Checkpoints({ onLoad, archived }: { onLoad(name: CheckpointName): void; archived: number }) {
  return (
    <section class="panel" aria-labelledby="checkpoints-heading">
      <h2 id="checkpoints-heading">Seeded meeting</h2>
      <div class="button-row">
        {(Object.keys(CHECKPOINTS) as CheckpointName[]).map((name) => (
          <button type="button" key={name} id={`checkpoint-${name}`} onClick={() => onLoad(name)}>
            {LABELS[name]}
          </button>
        ))}
      </div>
      <p class="muted small">
        Each loads the first {Object.values(CHECKPOINTS).join(' / ')} entries of the seeded record. {archived > 0 ? `${archived} earlier record(s) archived in this browser.` : ''}
      </p>
    </section>
  );
}

import { useEffect, useRef } from 'preact/hooks';
import { STARTING_POINTS, type StartingPoint } from '../domain/checkpoints.ts';
import { BYLAWS_FILES } from '../domain/bylaws/registry.ts';

interface Props {
  onLoad(point: StartingPoint): void;
  /** The bylaws (their id) a meeting started here is held under. */
  readonly bylaws: string;
  onBylaws(id: string): void;
  /** A starting point waiting for the person to say it may replace their own meeting. */
  readonly asking: { readonly point: StartingPoint; readonly entries: number } | null;
  onConfirm(): void;
  onCancel(): void;
  readonly archived: number;
  onShowArchives(): void;
}

const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

/**
 * Where a newcomer starts: moments of a seeded meeting, each replayed through the same reducer the
 * bench uses. A person's own meeting is never replaced without asking, and never lost: the
 * record a starting point replaces is archived, and the archive can be read.
 */
export function StartHere({ onLoad, bylaws, onBylaws, asking, onConfirm, onCancel, archived, onShowArchives }: Props) {
  // The question takes the keyboard's focus when it is asked, so it is heard and answered first.
  const answer = useRef<HTMLButtonElement | null>(null);
  useEffect(() => {
    if (asking) answer.current?.focus();
  }, [asking]);
  return (
    <nav class="start-here" aria-labelledby="start-heading">
      <h2 id="start-heading">Start here</h2>
      <p class="bylaws-choice">
        <label for="bylaws-choice">Held under the bylaws of</label>{' '}
        <select id="bylaws-choice" value={bylaws} onChange={(e) => onBylaws(e.currentTarget.value)}>
          {BYLAWS_FILES.map((file) => (
            <option key={file.id} value={file.id}>
              {file.name} ({file.boardSize} members)
            </option>
          ))}
        </select>
      </p>
      <ul class="start-list">
        {STARTING_POINTS.map((point) => {
          const id = `checkpoint-${point.id.replaceAll('_', '-')}`;
          return (
            <li key={point.id}>
              <button type="button" id={id} aria-describedby={`${id}-shows`} onClick={() => onLoad(point)}>
                {point.label}
              </button>
              <span class="shows" id={`${id}-shows`}>
                {point.shows}
              </span>
            </li>
          );
        })}
      </ul>
      <p class="caption">
        Each replays a moment of a seeded meeting through the bench's own rules. The record it replaces is archived, not
        lost.{' '}
        {archived > 0 ? (
          <button type="button" class="link" id="show-archives" onClick={onShowArchives}>
            Read the {plural(archived, 'archived record', 'archived records')}
          </button>
        ) : null}
      </p>
      {asking ? (
        <div
          class="confirm"
          role="alertdialog"
          aria-labelledby="confirm-heading"
          aria-describedby="confirm-text"
          id="confirm-checkpoint"
        >
          <h3 id="confirm-heading">Replace your meeting with “{asking.point.label}”?</h3>
          <p id="confirm-text">
            Your meeting has {plural(asking.entries, 'entry', 'entries')} of your own. It will be archived in this
            browser, where you can still read it, and the seeded moment loaded in its place.
          </p>
          <div class="button-row">
            <button type="button" class="primary" id="confirm-load" ref={answer} onClick={onConfirm}>
              Archive mine and load “{asking.point.label}”
            </button>
            <button type="button" id="cancel-load" onClick={onCancel}>
              Keep my meeting
            </button>
          </div>
        </div>
      ) : null}
    </nav>
  );
}

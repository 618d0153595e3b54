import type { BoardApp } from '../board-app.ts';
import type { FieldId } from '../domain/fields.ts';
import { labels } from '../domain/wording.ts';
import { sameFields } from '../selection.ts';
import { ActNotice } from './act-notice.tsx';

/** Commits the selection as the frame, in one human act, or clears the frame. */
export function FrameBar({ app, selected }: { app: BoardApp; selected: readonly FieldId[] }) {
  const state = app.store.state.value;
  const inDraft = state.phase === 'DRAFT';
  const draft = inDraft && app.human.value !== null;
  const unchanged = sameFields(selected, state.scope);
  const adds = selected.filter((id) => !state.scope.includes(id));
  const drops = state.scope.filter((id) => !selected.includes(id));
  const frame = () => app.act('frame', (human) => human.frame(selected));
  const clear = () => app.act('frame', (human) => human.frame([]));
  const undo = () => {
    app.selection.value = null;
    app.anchor.value = null;
  };
  return (
    <div class="frame-bar">
      <div class="frame-summary" aria-live="polite">
        {!inDraft ? (
          <span>The frame is fixed while the board is {state.phase === 'REVIEW' ? 'in review' : 'accepted'}.</span>
        ) : unchanged ? (
          <span>
            <strong id="selection-count">{selected.length}</strong> selected · matches the frame
          </span>
        ) : (
          <span>
            <strong id="selection-count">{selected.length}</strong> selected
            {adds.length > 0 ? <span class="delta plus"> · adds {labels(adds)}</span> : null}
            {drops.length > 0 ? <span class="delta minus"> · drops {labels(drops)}</span> : null}
          </span>
        )}
      </div>
      {!inDraft ? null : (
        <div class="frame-actions">
          <button
            type="button"
            class="link"
            onClick={undo}
            disabled={!draft || app.selection.value === null || unchanged}
          >
            Undo selection
          </button>
          <button type="button" onClick={clear} disabled={!draft || state.scope.length === 0}>
            Clear frame
          </button>
          <button type="button" class="primary" onClick={frame} disabled={!draft || unchanged || selected.length === 0}>
            Frame selected fields
          </button>
        </div>
      )}
      <ActNotice app={app} area="frame" />
    </div>
  );
}

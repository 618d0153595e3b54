import { InertText } from '@warrant/ui';
import { wordingOf } from '../domain/wording.ts';
import { MOTIONS } from '../domain/rulebook.ts';
import type { MeetingState } from '../domain/state.ts';

/** The floor as the chair sees it: pending questions, top first, and what lies on the table. */
export function MotionStack({ state }: { state: MeetingState }) {
  const frames = [...state.stack].reverse();
  return (
    <section class="panel" aria-labelledby="stack-heading">
      <h2 id="stack-heading">Pending questions</h2>
      {frames.length === 0 ? (
        <p class="muted">The floor is clear.</p>
      ) : (
        <ol class="stack" id="motion-stack" data-depth={state.stack.length}>
          {frames.map((item, i) => {
            const wording = wordingOf(item);
            return (
              <li key={item.id} class={i === 0 ? 'frame top' : 'frame'} data-motion={item.motion}>
                <div class="frame-head">
                  <strong>{MOTIONS[item.motion].title}</strong> <span class="cite">{MOTIONS[item.motion].cite}</span>
                  {i === 0 ? <span class="badge">immediately pending</span> : null}
                  {item.seconder === null ? <span class="badge warn">awaiting a second</span> : null}
                </div>
                {wording ? (
                  <blockquote>
                    <InertText text={wording} />
                  </blockquote>
                ) : null}
                <div class="muted small">
                  moved by <InertText text={item.mover} />
                  {item.seconder ? (
                    <>
                      {' '}
                      · seconded by <InertText text={item.seconder} />
                    </>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ol>
      )}
      {state.table.length > 0 ? (
        <>
          <h3>On the table</h3>
          <ul class="table-list" id="table-list">
            {state.table.map((entry) => {
              const first = entry.series[0];
              return (
                <li key={entry.id}>
                  <code>{entry.id}</code> {first ? MOTIONS[first.motion].title : 'a question'} · tabled {entry.at}
                  {first && wordingOf(first) ? (
                    <blockquote>
                      <InertText text={wordingOf(first) ?? ''} />
                    </blockquote>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </>
      ) : null}
    </section>
  );
}

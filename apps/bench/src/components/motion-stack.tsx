import { InertText } from '@warrant/ui';
import { INSTRUCTION_MARKERS } from '../domain/instruction-markers.ts';
import { wordingOf } from '../domain/wording.ts';
import { MOTIONS } from '../domain/rulebook.ts';
import type { MeetingState, StackItem } from '../domain/state.ts';

const givesOrders = (item: StackItem): boolean =>
  item.text !== null && INSTRUCTION_MARKERS.some((marker) => marker.test(item.text ?? ''));

/**
 * Text a member moved that addresses an assistant: recorded as data, and obeyed by nothing. The
 * person is told so beside it, with what stands: the motion is pending, and whether a vote exists.
 */
function ThirdPartyText({ voteListed }: { voteListed: boolean }) {
  return (
    <div class="callout" role="note" id="third-party-text">
      <strong>Third-party text, recorded as data.</strong> This motion quotes text that gives orders to an assistant. It
      is transcribed word for word and obeyed by nothing: the motion is still pending, and{' '}
      {voteListed
        ? 'a vote can be recorded only because the chair has put the question.'
        : 'no vote tool exists until the chair puts the question.'}
    </div>
  );
}

/** The floor as the chair sees it: pending questions, top first, and what lies on the table. */
export function MotionStack({ state, voteListed }: { state: MeetingState; voteListed: boolean }) {
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
                  <blockquote class="member-words">
                    <InertText text={wording} />
                  </blockquote>
                ) : null}
                {givesOrders(item) ? <ThirdPartyText voteListed={voteListed} /> : null}
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

import { InertText } from '@warrant/ui';
import type { ActivityEntry } from '../domain/state.ts';

const ACTOR_LABEL = { human: 'Human', agent: 'Agent', system: 'System' } as const;

const time = (iso: string) =>
  new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit' });

/** Every act on the board, newest first. The log only grows; a reset adds to it too. */
export function ActivityLog({ activity }: { activity: readonly ActivityEntry[] }) {
  const newestFirst = [...activity].reverse();
  return (
    <section class="panel activity" aria-labelledby="activity-title">
      <div class="section-head">
        <h2 id="activity-title">Activity</h2>
        <span class="muted small" id="activity-count" data-count={activity.length}>
          {activity.length} {activity.length === 1 ? 'entry' : 'entries'} · append-only
        </span>
      </div>
      <div class="scroll-region" role="region" tabIndex={0} aria-label="Activity, newest first">
        <ol class="activity-list" reversed>
          {newestFirst.map((entry) => (
            <li key={entry.id} data-type={entry.type} data-actor={entry.actor}>
              <span class={`actor actor-${entry.actor}`}>{ACTOR_LABEL[entry.actor]}</span>
              <span class="activity-message">
                <InertText text={entry.message} />
              </span>
              <time class="activity-time" dateTime={entry.at}>
                {time(entry.at)}
              </time>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

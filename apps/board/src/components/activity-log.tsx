import { pathTo } from '@warrant/site-api';
import { InertText } from '@warrant/ui';
import type { LedgerHead } from '../api/answers.ts';
import { BOARD_API } from '../api/board-api.ts';
import type { ActivityEntry } from '../domain/state.ts';

const ACTOR_LABEL = { human: 'Human', agent: 'Agent', system: 'System' } as const;

const time = (iso: string) =>
  new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit' });

/** Where the board's signed record of acts stands: how many entries its signed head covers, and its root, in small print. */
function RecordHead({ head }: { head: LedgerHead }) {
  const { size, root_hash: root } = head.signed;
  return (
    <p class="muted small record-head" id="record-head" data-size={size} data-root={root}>
      Signed record: {size} {size === 1 ? 'entry' : 'entries'} · root <code title={root}>{root.slice(0, 12)}…</code> ·{' '}
      <a id="record-export" href={pathTo(BOARD_API.ledgerExport)} download>
        save the record
      </a>
    </p>
  );
}

/** Every act on the board, newest first, and the head of its signed record. The log only grows; a reset adds to it too. */
export function ActivityLog({ activity, head }: { activity: readonly ActivityEntry[]; head: LedgerHead | null }) {
  const newestFirst = [...activity].reverse();
  return (
    <section class="panel activity" aria-labelledby="activity-title">
      <div class="section-head">
        <h2 id="activity-title">Activity</h2>
        <span class="muted small" id="activity-count" data-count={activity.length}>
          {activity.length} {activity.length === 1 ? 'entry' : 'entries'} · append-only
        </span>
      </div>
      {head && <RecordHead head={head} />}
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

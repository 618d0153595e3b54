import { useState } from 'preact/hooks';
import { isTerminal, type Lease } from '@warrant/broker';
import type { DeskView } from '../desk-view.ts';
import { clockTime, duration, LEASE_WORDS, partnerTitle, PURPOSE_WORDS } from './wording.ts';

function LeaseRow({ view, lease }: { view: DeskView; lease: Lease }) {
  const [answer, setAnswer] = useState<string | null>(null);
  const timeline = view.desk.state.value.timelines[lease.id] ?? [];
  const live = !isTerminal(lease.state);
  const left = (lease.expiresAt - view.now.value) / 1000;
  const revoke = (): void => {
    const result = view.acts.revoke(lease.id);
    setAnswer(result.ok ? null : result.message);
  };
  return (
    <li
      class={`lease state-${lease.state}`}
      data-lease={lease.id}
      data-state={lease.state}
      data-partner={lease.partner}
    >
      <div class="lease-head">
        <strong>{partnerTitle(lease.partner)}</strong> <span class="muted">to {PURPOSE_WORDS[lease.purpose]}</span>
        <span class={`pill lease-${lease.state}`}>{LEASE_WORDS[lease.state]}</span>
      </div>
      <ol class="timeline" aria-label={`What happened to lease ${lease.id}`}>
        {timeline.map((moment) => (
          <li key={moment.state} data-state={moment.state}>
            {LEASE_WORDS[moment.state]} <time>{clockTime(moment.at)}</time>
          </li>
        ))}
      </ol>
      {live ? (
        <div class="lease-live">
          <span class="countdown ttl" data-seconds-left={Math.max(0, Math.ceil(left))}>
            {duration(left)} left
          </span>
          <button
            type="button"
            class="danger revoke"
            disabled={view.readOnly !== null}
            onClick={revoke}
            aria-label={`Revoke lease ${lease.id} on ${partnerTitle(lease.partner)}`}
          >
            Revoke
          </button>
        </div>
      ) : lease.endReason ? (
        <p class="small muted">Ended: {lease.endReason}.</p>
      ) : null}
      {answer ? (
        <p class="act-answer" role="alert">
          {answer}
        </p>
      ) : null}
      <small class="fine-print">
        <code>{lease.id}</code> · {lease.purpose} · request <code>{lease.request}</code>
        {lease.approval ? (
          <>
            {' '}
            · approval <code>{lease.approval}</code>
          </>
        ) : null}{' '}
        · opened by {lease.openedBy}
      </small>
    </li>
  );
}

export function LeasesPanel({ view }: { view: DeskView }) {
  const leases = view.desk.state.value.leases;
  // Open leases in the order they were opened, as their frames are shown; ended ones newest first.
  const live = leases.filter((lease) => !isTerminal(lease.state));
  const ended = leases.filter((lease) => isTerminal(lease.state)).reverse();
  return (
    <section class="panel leases" id="leases" aria-labelledby="leases-heading">
      <h2 id="leases-heading">
        Leases · <span id="live-lease-count">{live.length}</span> open
      </h2>
      <p class="hint">
        A partner site is mounted only while a lease on it is open, and shown under Partners open now; it is removed,
        with every tool in it, the moment the lease ends.
      </p>
      {live.length === 0 ? (
        <p class="muted">No lease is open, so no partner site is mounted.</p>
      ) : (
        <ul class="lease-list">
          {live.map((lease) => (
            <LeaseRow key={lease.id} view={view} lease={lease} />
          ))}
        </ul>
      )}
      {ended.length > 0 ? (
        <details class="ended-leases">
          <summary>Ended leases · {ended.length}</summary>
          <ul class="lease-list">
            {ended.map((lease) => (
              <LeaseRow key={lease.id} view={view} lease={lease} />
            ))}
          </ul>
        </details>
      ) : null}
    </section>
  );
}

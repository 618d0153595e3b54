// "Partners open now": the partner sites mounted under a live lease, shown where the dispatcher is
// looking (beside the ledger and staying in view on a wide screen, above the scenario on a phone),
// each labelled with its partner, what its lease is for and the time it has left. The frames element
// is put here once, when the page is first drawn, and is only shown, hidden and restyled after that:
// moving an iframe reloads it. When no lease is live the strip is hidden. Nothing here takes focus.
import { createPortal, Fragment } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { isTerminal, type Lease } from '@warrant/broker';
import type { DeskView } from '../desk-view.ts';
import { frameCaption } from './labelled-frames.ts';
import { duration, LEASE_WORDS, partnerTitle, PURPOSE_WORDS } from './wording.ts';

function LeaseLabel({ view, lease }: { view: DeskView; lease: Lease }) {
  const left = (lease.expiresAt - view.now.value) / 1000;
  return (
    <>
      {/* The spaces keep the words apart when the caption is read as the figure's name. */}
      <strong>{partnerTitle(lease.partner)}</strong> <span>to {PURPOSE_WORDS[lease.purpose]}</span>{' '}
      <span class="countdown" data-seconds-left={Math.max(0, Math.ceil(left))}>
        {duration(left)} left
      </span>{' '}
      {lease.state === 'pending' ? <span class={`pill lease-${lease.state}`}>{LEASE_WORDS[lease.state]}</span> : null}{' '}
      <small class="fine-print">
        <code>{lease.id}</code>
      </small>
    </>
  );
}

export function PartnersNow({ view }: { view: DeskView }) {
  const live = view.desk.state.value.leases.filter((lease) => !isTerminal(lease.state));
  // The frame host adds and removes the frames' figures outside this tree: draw again when it does,
  // so each new figure gets its caption.
  const [, redraw] = useState(0);
  useEffect(() => {
    const observer = new MutationObserver(() => redraw((count) => count + 1));
    observer.observe(view.frames, { childList: true });
    return () => observer.disconnect();
  }, [view.frames]);
  // A page that does not act mounts no frames: its leases live on the page that acts.
  const elsewhere = live.filter((lease) => frameCaption(view.frames, lease.id) === null);
  return (
    <section
      class="panel partners-now"
      id="partners-now"
      aria-labelledby="partners-now-heading"
      hidden={live.length === 0}
    >
      <h2 id="partners-now-heading">
        Partners open now · <span id="partners-now-count">{live.length}</span>
      </h2>
      <p class="hint">Each partner's own site, on its own origin, mounted only while its lease lives.</p>
      <div
        class="partner-frames"
        id="partner-frames"
        role="group"
        aria-label="Partner sites under lease, each on its own origin"
        ref={(element) => {
          if (element && view.frames.parentElement !== element) element.append(view.frames);
        }}
      />
      {live.map((lease) => {
        const caption = frameCaption(view.frames, lease.id);
        return caption ? (
          <Fragment key={lease.id}>{createPortal(<LeaseLabel view={view} lease={lease} />, caption)}</Fragment>
        ) : null;
      })}
      {elsewhere.length > 0 ? (
        <ul class="partners-elsewhere">
          {elsewhere.map((lease) => (
            <li key={lease.id}>
              <LeaseLabel view={view} lease={lease} />{' '}
              <span class="muted">(its site is mounted on the page that acts)</span>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

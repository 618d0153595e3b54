import { ModeBadge } from '@warrant/ui';
import type { DeskView } from '../desk-view.ts';
import { PARTNERS } from '../../partners.ts';

// The count as a word, from the desk's configuration: a partner added there is counted here.
const COUNT_WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
const partnerSites = `${COUNT_WORDS[PARTNERS.length] ?? String(PARTNERS.length)} partner site${PARTNERS.length === 1 ? '' : 's'}`;

export function HeaderBar({ view }: { view: DeskView }) {
  const { surface } = view;
  return (
    <header class="topbar">
      <div class="brand">
        <span class="brand-mark" aria-hidden="true" />
        <div>
          <p class="brand-kicker">Warrant · dispatch desk</p>
          <h1>One queue, {partnerSites}, every hop on the record</h1>
          <p class="tagline">
            A person and an agent work the same requests. An agent reaches a partner only through a lease, and nothing
            is written at a partner until a person approves the exact plan.
          </p>
        </div>
      </div>
      <div class="topbar-status">
        <ModeBadge mode={surface.mode.value} reason={surface.reason.value} />
        {!view.desk.state.value.signedIn ? (
          <span class="pill pill-read-only">Not signed in</span>
        ) : (
          <span class="pill pill-acting">Acting as {view.desk.dispatcher?.name ?? 'a dispatcher'}</span>
        )}
      </div>
    </header>
  );
}

// The partners that are down right now, said where a dispatcher sees it first: a lease on a partner
// whose server stopped ends at once, and this says why nothing can be done there until it is back.
// The line goes when the partner's server answers again.
import type { DeskView } from '../desk-view.ts';
import { clockTime, partnerTitle } from './wording.ts';

export function PartnersDown({ view }: { view: DeskView }) {
  const down = view.desk.partnersDown.value;
  if (down.length === 0) return null;
  return (
    // The live region wraps the list: a role on the <ul> itself would take its list role away, and
    // its items would be list items outside any list.
    <div class="banner bad partners-down" id="partners-down" role="status" aria-label="Partners that are down">
      <ul>
        {down.map(({ partner, since }) => (
          <li key={partner} data-partner={partner}>
            <strong>{partnerTitle(partner)} is down: its server cannot be reached.</strong> Its leases have ended, and
            nothing can be read or written there until it is back; the desk asks again every few seconds.{' '}
            <small class="fine-print">Since {clockTime(since)}.</small>
          </li>
        ))}
      </ul>
    </div>
  );
}

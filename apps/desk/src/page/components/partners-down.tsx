// The partners that are down right now, said where a dispatcher sees it first: a lease on a partner
// whose server stopped ends at once, and this says why nothing can be done there until it is back.
// When the partner's server answers again, its line says it is back (for a minute), in the same
// place and the same live region, so a person who saw it go down hears and sees it return.
import type { DeskView } from '../desk-view.ts';
import { clockTime, partnerTitle } from './wording.ts';

export function PartnersDown({ view }: { view: DeskView }) {
  const down = view.desk.partnersDown.value;
  const back = view.desk.partnersBack.value.filter((entry) => !down.some((one) => one.partner === entry.partner));
  if (down.length === 0 && back.length === 0) return null;
  return (
    // The live region wraps the list: a role on the <ul> itself would take its list role away, and
    // its items would be list items outside any list.
    <div
      class={`banner ${down.length > 0 ? 'bad' : 'good'} partners-down`}
      id="partners-down"
      role="status"
      aria-label={down.length > 0 ? 'Partners that are down' : 'Partners that are back'}
    >
      <ul>
        {down.map(({ partner, since }) => (
          <li key={partner} data-partner={partner} data-state="down">
            <strong>{partnerTitle(partner)} is down: its server cannot be reached.</strong> Its leases have ended, and
            nothing can be read or written there until it is back; the desk asks again every few seconds.{' '}
            <small class="fine-print">Since {clockTime(since)}.</small>
          </li>
        ))}
        {back.map(({ partner, downSince, at }) => (
          <li key={partner} data-partner={partner} data-state="back">
            <strong>{partnerTitle(partner)} is back: its server answers again.</strong> New leases can be opened there,
            and a run that failed there can be tried again from its card.{' '}
            <small class="fine-print">
              Down from {clockTime(downSince)} to {clockTime(at)}.
            </small>
          </li>
        ))}
      </ul>
    </div>
  );
}

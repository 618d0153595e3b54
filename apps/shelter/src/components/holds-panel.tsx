import { dayLabel } from '@warrant/partner-kit';
import { KIND_LABEL } from '../domain/catalogue.ts';
import type { ShelterData } from '../domain/state.ts';

/** Beds held this week, for whom and which night. */
export function HoldsPanel({ data }: { readonly data: ShelterData }) {
  const newest = [...data.holds].reverse();
  return (
    <section class="panel" id="holds" aria-labelledby="holds-heading">
      <h2 id="holds-heading">
        Holds · <span id="held-count">{data.holds.filter((h) => h.status === 'held').length}</span> held
      </h2>
      {newest.length === 0 ? (
        <p class="muted">No beds held yet this week.</p>
      ) : (
        <ul class="plain-list">
          {newest.map((hold) => (
            <li key={hold.id} data-hold={hold.id} data-status={hold.status}>
              <code>{hold.id}</code> · {KIND_LABEL[hold.kind]} × {hold.beds.length} ({hold.beds.join(', ')}) · night of{' '}
              {dayLabel(hold.night)} · request <code>{hold.request}</code>{' '}
              <span class={`pill ${hold.status === 'held' ? 'warn' : ''}`}>
                {hold.status === 'held' ? 'Held' : 'Released'}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

import { dayLabel } from '@warrant/partner-kit';
import type { ColdchainData } from '../domain/state.ts';

/** Slots reserved this week: what, where, until when, for which request. */
export function SlotsPanel({ data }: { readonly data: ColdchainData }) {
  const newest = [...data.slots].reverse();
  return (
    <section class="panel" id="slots" aria-labelledby="slots-heading">
      <h2 id="slots-heading">
        Reserved slots · <span id="reserved-count">{data.slots.filter((s) => s.status === 'reserved').length}</span>{' '}
        live
      </h2>
      {newest.length === 0 ? (
        <p class="muted">No slots reserved yet this week.</p>
      ) : (
        <ul class="plain-list">
          {newest.map((slot) => (
            <li key={slot.id} data-slot={slot.id} data-status={slot.status}>
              <code>{slot.id}</code> · {slot.quantity} × {slot.item} in <code>{slot.unit}</code> until{' '}
              {dayLabel(slot.until)} · request <code>{slot.request}</code>{' '}
              <span class={`pill ${slot.status === 'reserved' ? 'ok' : ''}`}>
                {slot.status === 'reserved' ? 'Reserved' : 'Released'}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

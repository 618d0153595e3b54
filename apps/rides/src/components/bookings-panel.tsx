import type { RidesData } from '../domain/state.ts';

/** Rides booked this week: who goes where, on which window, for which request. */
export function BookingsPanel({ data }: { readonly data: RidesData }) {
  const newest = [...data.bookings].reverse();
  return (
    <section class="panel" id="bookings" aria-labelledby="bookings-heading">
      <h2 id="bookings-heading">
        Bookings · <span id="booked-count">{data.bookings.filter((b) => b.status === 'booked').length}</span> live
      </h2>
      {newest.length === 0 ? (
        <p class="muted">No rides booked yet this week.</p>
      ) : (
        <ul class="plain-list">
          {newest.map((b) => (
            <li key={b.id} data-booking={b.id} data-status={b.status}>
              <code>{b.id}</code> · window <code>{b.window}</code> · {b.seats} seat{b.seats === 1 ? '' : 's'} · from{' '}
              {b.from} to {b.to} · request <code>{b.request}</code>{' '}
              <span class={`pill ${b.status === 'booked' ? 'ok' : ''}`}>
                {b.status === 'booked' ? 'Booked' : 'Cancelled'}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

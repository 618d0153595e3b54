import { useState } from 'preact/hooks';
import { ActOutcome, dayLabel, type PanelsProps, TableRegion } from '@warrant/partner-kit';
import type { ToolResult } from '@warrant/surface';
import { WINDOW_LABEL } from '../domain/catalogue.ts';
import type { LaundryData } from '../domain/state.ts';

const STATUS = { booked: 'Booked', cancelled: 'Cancelled', collected: 'Collected' } as const;

/** Wash slots booked this week; a booked one is marked collected when the household takes its washing. */
export function BookingsPanel({
  data,
  act,
}: {
  readonly data: LaundryData;
  readonly act: PanelsProps<LaundryData>['act'];
}) {
  const [outcome, setOutcome] = useState<ToolResult | null>(null);
  const newest = [...data.bookings].reverse();
  return (
    <section class="panel" id="bookings" aria-labelledby="bookings-heading">
      <h2 id="bookings-heading">
        Wash slots · <span id="booked-count">{data.bookings.filter((b) => b.status === 'booked').length}</span> booked
      </h2>
      {newest.length === 0 ? (
        <p class="muted">No wash slots booked yet this week.</p>
      ) : (
        <TableRegion label="Wash slots">
          <table class="partner-table">
            <thead>
              <tr>
                <th scope="col">Reference</th>
                <th scope="col">When</th>
                <th scope="col" class="num">
                  Loads
                </th>
                <th scope="col">Request</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {newest.map((b) => (
                <tr key={b.id} data-booking={b.id} data-status={b.status}>
                  <td>
                    <code>{b.id}</code>
                  </td>
                  <td>
                    {dayLabel(b.day)}, {WINDOW_LABEL[b.window].toLowerCase()}
                  </td>
                  <td class="num">{b.loads}</td>
                  <td>
                    <code>{b.request}</code>
                  </td>
                  <td>
                    {b.status === 'booked' ? (
                      <button
                        type="button"
                        onClick={() => void act('mark_collected', { booking: b.id }).then(setOutcome)}
                      >
                        Collected<span class="visually-hidden"> {b.id}</span>
                      </button>
                    ) : (
                      <span class="pill">{STATUS[b.status]}</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
      <ActOutcome result={outcome} id="bookings-outcome" />
    </section>
  );
}

import { useState } from 'preact/hooks';
import { ActOutcome, dayLabel, type PanelsProps, TableRegion } from '@warrant/partner-kit';
import type { ToolResult } from '@warrant/surface';
import { DIETARY_LABEL, KIND_LABEL } from '../domain/catalogue.ts';
import type { PantryData } from '../domain/state.ts';

const STATUS = { held: 'Held', released: 'Released', handed_over: 'Handed over' } as const;

/** Reservations this week; a held one is handed over when the household collects it. */
export function ReservationsPanel({
  data,
  act,
}: {
  readonly data: PantryData;
  readonly act: PanelsProps<PantryData>['act'];
}) {
  const [outcome, setOutcome] = useState<ToolResult | null>(null);
  const newest = [...data.reservations].reverse();
  return (
    <section class="panel" id="reservations" aria-labelledby="reservations-heading">
      <h2 id="reservations-heading">
        Reservations · <span id="held-count">{data.reservations.filter((r) => r.status === 'held').length}</span> held
      </h2>
      {newest.length === 0 ? (
        <p class="muted">No reservations yet this week.</p>
      ) : (
        <TableRegion label="Reservations">
          <table class="partner-table">
            <thead>
              <tr>
                <th scope="col">Reference</th>
                <th scope="col">Parcels</th>
                <th scope="col">Pickup by</th>
                <th scope="col">Request</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {newest.map((r) => (
                <tr key={r.id} data-reservation={r.id} data-status={r.status}>
                  <td>
                    <code>{r.id}</code>
                  </td>
                  <td>
                    {r.count} × {KIND_LABEL[r.kind]}, {DIETARY_LABEL[r.dietary].toLowerCase()}
                  </td>
                  <td>{dayLabel(r.pickupBy)}</td>
                  <td>
                    <code>{r.request}</code>
                  </td>
                  <td>
                    {r.status === 'held' ? (
                      <button
                        type="button"
                        onClick={() => void act('hand_over', { reservation: r.id }).then(setOutcome)}
                      >
                        Handed over<span class="visually-hidden"> {r.id}</span>
                      </button>
                    ) : (
                      <span class="pill">{STATUS[r.status]}</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
      <ActOutcome result={outcome} id="reservations-outcome" />
    </section>
  );
}

import { dayLabel, TableRegion, type PartnerState } from '@warrant/partner-kit';
import { WINDOW_HOURS, WINDOW_LABEL, WINDOWS } from '../domain/catalogue.ts';
import { free, type LaundryData } from '../domain/state.ts';

/** Loads free by day and time window, from today (framed: today and the next two days). */
export function CapacityPanel({
  state,
  compact,
}: {
  readonly state: PartnerState<LaundryData>;
  readonly compact: boolean;
}) {
  const days = state.week.days.filter((day) => day >= state.today).slice(0, compact ? 3 : undefined);
  return (
    <section class="panel" id="capacity" aria-labelledby="capacity-heading">
      <h2 id="capacity-heading">Loads free</h2>
      <TableRegion label="Loads free by day and window">
        <table class="partner-table">
          <thead>
            <tr>
              <th scope="col">Day</th>
              {WINDOWS.map((window) => (
                <th scope="col" class="num" key={window}>
                  {WINDOW_LABEL[window]} <span class="fine-print">{WINDOW_HOURS[window]}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day} data-day={day}>
                <th scope="row">{dayLabel(day)}</th>
                {WINDOWS.map((window) => (
                  <td class="num" key={window} data-window={window} data-free={free(state.domain, day, window)}>
                    {free(state.domain, day, window)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </TableRegion>
    </section>
  );
}

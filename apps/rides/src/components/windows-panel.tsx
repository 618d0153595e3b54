import { useState } from 'preact/hooks';
import { ActOutcome, dayLabel, type PanelsProps, TableRegion } from '@warrant/partner-kit';
import type { ToolResult } from '@warrant/surface';
import { VEHICLES } from '../domain/catalogue.ts';
import { liveBookings, seatsFree, type RidesData } from '../domain/state.ts';

/** The week's windows with seats free; staff stand a window down when its driver cannot make it. */
export function WindowsPanel({ state, act, compact }: PanelsProps<RidesData>) {
  const [outcome, setOutcome] = useState<ToolResult | null>(null);
  const { domain, today } = state;
  const shown = compact ? domain.windows.filter((w) => w.day >= today) : domain.windows;
  return (
    <section class="panel" id="windows" aria-labelledby="windows-heading">
      <h2 id="windows-heading">Drivers' windows this week</h2>
      <TableRegion label="Drivers' windows">
        <table class="partner-table">
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Driver</th>
              <th scope="col">Vehicle</th>
              <th scope="col" class="num">
                Seats free
              </th>
              {compact ? null : <th scope="col">Staff</th>}
            </tr>
          </thead>
          <tbody>
            {shown.map((w) => {
              const free = w.stoodDown ? 0 : seatsFree(domain, w);
              return (
                <tr key={w.id} data-window={w.id} class={w.day < today || free === 0 ? 'none' : undefined}>
                  <td>
                    <code>{w.id}</code> {dayLabel(w.day)}, {w.start} to {w.end}
                    <span class="fine-print"> · {w.area}</span>
                  </td>
                  <td>{w.driver}</td>
                  <td>
                    {VEHICLES[w.vehicle].label}
                    {VEHICLES[w.vehicle].wheelchair ? <span class="pill ok">wheelchair</span> : null}
                  </td>
                  <td class="num" data-free={free}>
                    {w.stoodDown ? <span class="pill bad">stood down</span> : free}
                  </td>
                  {compact ? null : (
                    <td>
                      <button
                        type="button"
                        disabled={!w.stoodDown && liveBookings(domain, w.id).length > 0}
                        onClick={() =>
                          void act('set_window', { window: w.id, stoodDown: !w.stoodDown }).then(setOutcome)
                        }
                      >
                        {w.stoodDown ? 'Back on' : 'Stand down'}
                        <span class="visually-hidden"> {w.id}</span>
                      </button>
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableRegion>
      <ActOutcome result={outcome} id="windows-outcome" />
    </section>
  );
}

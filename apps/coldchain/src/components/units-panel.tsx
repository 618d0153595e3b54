import { dayLabel, TableRegion } from '@warrant/partner-kit';
import { latest, safe, space, used, type ColdchainData } from '../domain/state.ts';

/** Each unit: its safe range, its last reading, and its space. A unit out of range takes no new stock. */
export function UnitsPanel({ data }: { readonly data: ColdchainData }) {
  return (
    <section class="panel" id="units" aria-labelledby="units-heading">
      <h2 id="units-heading">Cold units</h2>
      <TableRegion label="Cold units">
        <table class="partner-table">
          <thead>
            <tr>
              <th scope="col">Unit</th>
              <th scope="col">Safe range</th>
              <th scope="col">Last reading</th>
              <th scope="col" class="num">
                Used
              </th>
              <th scope="col" class="num">
                Space
              </th>
            </tr>
          </thead>
          <tbody>
            {data.units.map((unit) => {
              const last = latest(data, unit.id);
              const ok = safe(data, unit);
              return (
                <tr key={unit.id} data-unit={unit.id} data-in-range={String(ok)}>
                  <td>
                    <code>{unit.id}</code> {unit.name}
                    <span class="fine-print"> · {unit.location}</span>
                  </td>
                  <td>
                    {unit.min} to {unit.max} °C
                  </td>
                  <td>
                    {last ? `${last.celsius} °C, ${dayLabel(last.at.slice(0, 10))} ${last.at.slice(11)}` : 'none yet'}{' '}
                    <span class={`pill ${ok ? 'ok' : 'bad'}`}>{ok ? 'in range' : 'out of range: no new stock'}</span>
                  </td>
                  <td class="num">
                    {used(data, unit.id)} / {unit.capacity}
                  </td>
                  <td class="num" data-space={space(data, unit)}>
                    {space(data, unit)}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableRegion>
    </section>
  );
}

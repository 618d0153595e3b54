import { TableRegion } from '@warrant/partner-kit';
import { DIETARY_LABEL, KIND_LABEL } from '../domain/catalogue.ts';
import { available, held, onShelf, stockLines, type PantryData } from '../domain/state.ts';

/** Parcels by kind and dietary option: on the shelf, held for a reservation, and free. */
export function StockPanel({ data }: { readonly data: PantryData }) {
  return (
    <section class="panel" id="stock" aria-labelledby="stock-heading">
      <h2 id="stock-heading">Parcels on the shelves</h2>
      <TableRegion label="Parcels by kind and diet">
        <table class="partner-table">
          <thead>
            <tr>
              <th scope="col">Parcel</th>
              <th scope="col">Diet</th>
              <th scope="col" class="num">
                On shelf
              </th>
              <th scope="col" class="num">
                Held
              </th>
              <th scope="col" class="num">
                Free
              </th>
            </tr>
          </thead>
          <tbody>
            {stockLines(data).map(({ kind, dietary }) => {
              const free = available(data, kind, dietary);
              return (
                <tr key={`${kind}:${dietary}`} data-line={`${kind}:${dietary}`} class={free === 0 ? 'none' : undefined}>
                  <td>{KIND_LABEL[kind]}</td>
                  <td>{DIETARY_LABEL[dietary]}</td>
                  <td class="num">{onShelf(data, kind, dietary)}</td>
                  <td class="num" data-held={held(data, kind, dietary)}>
                    {held(data, kind, dietary)}
                  </td>
                  <td class="num" data-free={free}>
                    {free}
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

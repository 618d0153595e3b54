import { useState } from 'preact/hooks';
import { ActOutcome, dayLabel, type PanelsProps } from '@warrant/partner-kit';
import type { ToolResult } from '@warrant/surface';
import { DIETARY_LABEL, KIND_LABEL } from '../domain/catalogue.ts';
import type { PantryData } from '../domain/state.ts';

/** Deliveries expected this week; staff book one in when it arrives, and its parcels go on the shelves. */
export function DeliveriesPanel({
  data,
  act,
}: {
  readonly data: PantryData;
  readonly act: PanelsProps<PantryData>['act'];
}) {
  const [outcome, setOutcome] = useState<ToolResult | null>(null);
  return (
    <section class="panel" id="deliveries" aria-labelledby="deliveries-heading">
      <h2 id="deliveries-heading">Deliveries this week</h2>
      <ul class="plain-list">
        {data.deliveries.map((d) => (
          <li key={d.id} data-delivery={d.id}>
            {dayLabel(d.day)}: {d.count} × {KIND_LABEL[d.kind]}, {DIETARY_LABEL[d.dietary].toLowerCase()}, from {d.from}{' '}
            {d.received ? (
              <span class="pill ok">Received</span>
            ) : (
              <button type="button" onClick={() => void act('receive_delivery', { delivery: d.id }).then(setOutcome)}>
                Book in<span class="visually-hidden"> the delivery from {d.from}</span>
              </button>
            )}
          </li>
        ))}
      </ul>
      <ActOutcome result={outcome} id="deliveries-outcome" />
    </section>
  );
}

import { useState } from 'preact/hooks';
import { ActOutcome, isoDay, type PanelsProps } from '@warrant/partner-kit';
import type { ToolResult } from '@warrant/surface';
import { HIGHEST_READING, LOWEST_READING, STAFF } from '../domain/catalogue.ts';
import type { ColdchainData } from '../domain/state.ts';

const pad = (value: number): string => String(value).padStart(2, '0');
const localTime = (instant: Date): string =>
  `${isoDay(instant)}T${pad(instant.getHours())}:${pad(instant.getMinutes())}`;

/** The readings rota: log what a unit's thermometer shows now. */
export function ReadingForm({
  data,
  act,
}: {
  readonly data: ColdchainData;
  readonly act: PanelsProps<ColdchainData>['act'];
}) {
  const [outcome, setOutcome] = useState<ToolResult | null>(null);
  const onSubmit = (event: Event): void => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    void act('log_reading', {
      unit: String(form.get('unit')),
      celsius: Number(form.get('celsius')),
      by: String(form.get('by')),
      at: localTime(new Date()),
    }).then(setOutcome);
  };
  return (
    <section class="panel" id="reading" aria-labelledby="reading-heading">
      <h2 id="reading-heading">Log a temperature reading</h2>
      <form class="staff-form" onSubmit={onSubmit}>
        <label>
          Unit
          <select name="unit">
            {data.units.map((unit) => (
              <option key={unit.id} value={unit.id}>
                {unit.id} {unit.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          °C
          <input name="celsius" type="number" step="0.1" min={LOWEST_READING} max={HIGHEST_READING} required />
        </label>
        <label>
          Taken by
          <select name="by">
            {STAFF.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" class="primary">
          Log reading
        </button>
      </form>
      <ActOutcome result={outcome} id="reading-outcome" />
    </section>
  );
}

import { useState } from 'preact/hooks';
import { ActOutcome, dayLabel, type PanelsProps, TableRegion } from '@warrant/partner-kit';
import type { ToolResult } from '@warrant/surface';
import { FEATURE_LABEL, KIND_LABEL } from '../domain/catalogue.ts';
import { countNight, type ShelterData } from '../domain/state.ts';

type Props = PanelsProps<ShelterData>;

function statusOf(data: ShelterData, night: string, bed: string): { label: string; tone: string } {
  const found = data.beds.find((b) => b.id === bed);
  if (!found?.inService) return { label: 'Out of service', tone: 'bad' };
  if ((data.taken[night] ?? []).includes(bed)) return { label: 'Guest booked', tone: 'warn' };
  const hold = data.holds.find((h) => h.status === 'held' && h.night === night && h.beds.includes(bed));
  if (hold) return { label: `Held ${hold.id}`, tone: 'warn' };
  return { label: 'Free', tone: 'ok' };
}

/** One night's beds: counts by kind, then every bed with its state; staff take a bed out of service here. */
export function BedBoard({ state, act, compact }: Props) {
  const { domain, week, today } = state;
  const [night, setNight] = useState(week.days.includes(today) ? today : (week.days[0] ?? today));
  const [outcome, setOutcome] = useState<ToolResult | null>(null);
  const shown = week.days.includes(night) ? night : (week.days[0] ?? today);
  return (
    <section class="panel" id="beds" aria-labelledby="beds-heading">
      <h2 id="beds-heading">Beds for the night of {dayLabel(shown)}</h2>
      <label class="night-pick">
        Night{' '}
        <select
          id="night"
          value={shown}
          onChange={(event) => setNight((event.currentTarget as HTMLSelectElement).value)}
        >
          {week.days.map((day) => (
            <option key={day} value={day}>
              {dayLabel(day)}
              {day === today ? ' (tonight)' : ''}
            </option>
          ))}
        </select>
      </label>
      <TableRegion label="Beds by kind">
        <table class="partner-table">
          <thead>
            <tr>
              <th scope="col">Kind</th>
              <th scope="col" class="num">
                In service
              </th>
              <th scope="col" class="num">
                Booked
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
            {countNight(domain, shown).map((count) => (
              <tr key={count.kind} data-kind={count.kind} class={count.free === 0 ? 'none' : undefined}>
                <td>{KIND_LABEL[count.kind]}</td>
                <td class="num">{count.inService}</td>
                <td class="num">{count.taken}</td>
                <td class="num" data-held={count.held}>
                  {count.held}
                </td>
                <td class="num" data-free={count.free}>
                  {count.free}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableRegion>
      {compact ? null : (
        <ul class="bed-list">
          {domain.beds.map((bed) => {
            const status = statusOf(domain, shown, bed.id);
            return (
              <li key={bed.id} data-bed={bed.id}>
                <span>
                  <strong>{bed.id}</strong> {bed.room}
                  {bed.features.length > 0 ? (
                    <span class="fine-print"> · {bed.features.map((f) => FEATURE_LABEL[f]).join(', ')}</span>
                  ) : null}
                </span>{' '}
                <span class={`pill ${status.tone}`}>{status.label}</span>{' '}
                <button
                  type="button"
                  onClick={() =>
                    void act('set_in_service', { bed: bed.id, inService: !bed.inService }).then(setOutcome)
                  }
                >
                  {bed.inService ? 'Mark out of service' : 'Mark back in service'}
                  <span class="visually-hidden"> {bed.id}</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <ActOutcome result={outcome} id="beds-outcome" />
    </section>
  );
}

import { revealInvisible } from '@warrant/ui';
import type { DeskView } from '../desk-view.ts';
import { partnerTitle } from './wording.ts';

export function CapacityPanel({ view }: { view: DeskView }) {
  const readings = Object.entries(view.desk.capacity.value).reverse();
  if (readings.length === 0) return null;
  return (
    <section class="panel capacity" id="capacity" aria-labelledby="capacity-heading">
      <h2 id="capacity-heading">What the partners said</h2>
      <p class="hint">Quoted as each partner site returned it: text from partners and their people is shown as text, never run, with invisible characters made visible.</p>
      {readings.map(([request, reads]) => (
        <div key={request} class="capacity-request" data-request={request}>
          <h3>For {request}</h3>
          <ul class="readings">
            {reads.map((reading) => (
              <li key={`${reading.lease}-${reading.tool}`} data-partner={reading.partner} data-tool={reading.tool}>
                <div class="reading-head">
                  {partnerTitle(reading.partner)} · <code>{reading.tool}</code>
                  {reading.value?.hidden ? <span class="badge untrusted">{reading.value.hidden} hidden characters shown</span> : null}
                </div>
                {reading.value ? (
                  <pre class="quarantined" data-inert="true" tabIndex={0} aria-label={`What ${partnerTitle(reading.partner)} returned for ${reading.tool}`}>
                    {revealInvisible(reading.value.text).text}
                  </pre>
                ) : (
                  <p class="small bad-text">{reading.problem}</p>
                )}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}

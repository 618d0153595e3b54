import { InertText } from '@warrant/ui';
import type { Brief } from '../domain/fields.ts';

/** What the launch needs, as the team wrote it: the agent reads it too, as data. */
export function BriefCard({ brief }: { brief: Brief }) {
  return (
    <section class="panel brief" aria-labelledby="brief-title">
      <div class="section-head">
        <h2 id="brief-title">Brief</h2>
        <span class="muted small">
          Target launch <time dateTime={brief.targetLaunchDate}>{brief.targetLaunchDate}</time>
        </span>
      </div>
      <p class="brief-objective">
        <InertText text={brief.objective} />
      </p>
      <ul class="brief-constraints">
        {brief.constraints.map((constraint) => (
          <li key={constraint}>
            <InertText text={constraint} />
          </li>
        ))}
      </ul>
    </section>
  );
}

import '@warrant/ui/tokens.css';
import '../probe/probe.css';
import './health.css';
import { signal } from '@preact/signals';
import { render } from 'preact';
import { SITES } from '@warrant/config';
import { connect, documentContext } from '@warrant/webmcp';
import type { ProbeReport } from '../probe/probe-report.ts';
import { runProbe } from '../probe/run-probe.ts';
import { validateProbeReport } from '../probe/validate-report.ts';
import { COMMITTED_REPORTS } from './committed-reports.ts';
import { headerPromises } from './header-promises.ts';
import { HealthPage, type ReportColumn, type SiteEntry } from './health-page.tsx';
import { liveHealth } from './live-health.ts';

// The health page: every origin, measured where the desk can; then the probe, run here, beside
// the committed reports. The origins are asked first and all at once; the probe after them, since
// it frames the same partner and probe origins for checks of its own.
// No top-level await: with one, the bundler stops merging the lazy chunks' shared modules and the
// first visit downloads more.
async function boot(): Promise<void> {
  const root = document.getElementById('app') as HTMLElement;
  const connection = await connect();
  const sites: SiteEntry[] = Object.values(SITES)
    .filter((site) => site.role !== 'test')
    .map((site) => ({ site, promises: headerPromises(site), live: signal(null) }));

  function committed(label: string, value: unknown): ReportColumn {
    const validity = validateProbeReport(value);
    return validity.valid
      ? { label, report: value as ProbeReport, validity, pending: '' }
      : {
          label,
          report: null,
          validity,
          pending: `The committed file is not a valid warrant-probe-v1 report: ${validity.problems.join('; ')}`,
        };
  }
  const nowLabel = 'This browser, now';
  const columns = signal<readonly ReportColumn[]>([
    committed('Committed, native', COMMITTED_REPORTS.native),
    committed('Committed, polyfill', COMMITTED_REPORTS.polyfill),
    { label: nowLabel, report: null, validity: null, pending: 'The probe runs here once the origins have answered.' },
  ]);

  root.replaceChildren();
  render(<HealthPage connection={connection} sites={sites} columns={columns} />, root);
  const frames = document.getElementById('health-frames') as HTMLElement;

  await Promise.all(sites.map(async (entry) => (entry.live.value = await liveHealth(entry.site, connection, frames))));
  document.body.dataset['originsDone'] = 'true';
  const live = await runProbe({
    connection,
    platform: connection.webmcp ? documentContext(document) : null,
    frames,
    observation: null,
  });
  columns.value = columns.value.map((column) =>
    column.label === nowLabel
      ? { label: nowLabel, report: live, validity: validateProbeReport(live), pending: '' }
      : column,
  );
  document.body.dataset['ready'] = 'true';
}

void boot();

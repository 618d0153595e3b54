import '@warrant/ui/tokens.css';
import './probe.css';
import { signal } from '@preact/signals';
import { render } from 'preact';
import { connect, documentContext } from '@warrant/webmcp';
import { seamFromLocation } from './observation-seam.ts';
import { ProbePage, type ProbeView } from './probe-page.tsx';
import type { ProbeReport } from './probe-report.ts';
import { runProbe } from './run-probe.ts';
import { validateProbeReport } from './validate-report.ts';

// The probe page: measures the browser it is opened in, on load, and again on request.
// No top-level await: with one, the bundler stops merging the lazy chunks' shared modules and the
// first visit downloads more.
async function boot(): Promise<void> {
  const root = document.getElementById('app') as HTMLElement;
  const connection = await connect();
  const view: ProbeView = { checks: signal([]), running: signal(false), report: signal(null), validity: signal(null) };

  function download(report: ProbeReport): void {
    const url = URL.createObjectURL(new Blob([`${JSON.stringify(report, null, 2)}\n`], { type: 'application/json' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `warrant-probe-${report.runtime.mode}.json`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }

  async function run(): Promise<void> {
    if (view.running.value) return;
    view.running.value = true;
    view.checks.value = [];
    view.report.value = null;
    view.validity.value = null;
    delete document.body.dataset['probeDone'];
    const frames = document.getElementById('probe-frames') as HTMLElement;
    const report = await runProbe(
      {
        connection,
        platform: connection.webmcp ? documentContext(document) : null,
        frames,
        observation: seamFromLocation(window),
      },
      (check) => (view.checks.value = [...view.checks.value, check]),
    );
    view.validity.value = validateProbeReport(report);
    view.report.value = report;
    view.running.value = false;
    document.body.dataset['probeDone'] = 'true';
  }

  function App() {
    return (
      <ProbePage
        connection={connection}
        view={view}
        onRun={() => void run()}
        onDownload={() => view.report.value && download(view.report.value)}
      />
    );
  }

  root.replaceChildren();
  render(<App />, root);
  await run();
}

void boot();

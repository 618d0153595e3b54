import type { Signal } from '@preact/signals';
import { ModeBadge } from '@warrant/ui';
import type { Connection } from '@warrant/webmcp';
import { CHECK_ORDER, CHECK_QUESTIONS } from './check-order.ts';
import { OutcomeBadge } from './outcome-badge.tsx';
import type { CheckResult, ProbeReport } from './probe-report.ts';
import type { ReportValidity } from './validate-report.ts';

export interface ProbeView {
  readonly checks: Signal<readonly CheckResult[]>;
  readonly running: Signal<boolean>;
  readonly report: Signal<ProbeReport | null>;
  readonly validity: Signal<ReportValidity | null>;
}

export interface ProbePageProps {
  readonly connection: Connection;
  readonly view: ProbeView;
  readonly onRun: () => void;
  readonly onDownload: () => void;
}

export function ProbePage({ connection, view, onRun, onDownload }: ProbePageProps) {
  const done = new Map(view.checks.value.map((check) => [check.id, check]));
  const report = view.report.value;
  const validity = view.validity.value;
  const current = view.running.value ? CHECK_ORDER.find((id) => !done.has(id)) : undefined;
  return (
    <div class="page">
      <header class="page-header">
        <h1>WebMCP probe</h1>
        <ModeBadge connection={connection} />
        <nav aria-label="Desk pages">
          <a href="./">Dispatch desk</a>
          <a href="./health.html">Health</a>
        </nav>
      </header>
      <main class="page-main">
        <p class="lede">
          This page asks the browser you are using six questions about WebMCP and records each answer:{' '}
          <strong>pass</strong> (yes), <strong>fail</strong> (no), <strong>unsupported</strong> (this runtime lacks what
          the question needs) or <strong>incomplete</strong> (it could not be measured from here). It frames a partner
          site and the unkeyed probe origin while it asks, and removes each frame when its check is done. It never
          touches the desk's queue or record.
        </p>
        <div class="two-columns">
          <section class="panel" aria-labelledby="checks-heading">
            <h2 id="checks-heading">Checks, in the order they run</h2>
            <ol class="checks">
              {CHECK_ORDER.map((id) => {
                const check = done.get(id);
                return (
                  <li
                    class="check"
                    key={id}
                    id={`check-${id}`}
                    data-check={id}
                    aria-busy={current === id ? 'true' : undefined}
                  >
                    <div class="check-head">
                      <span class="check-question">{CHECK_QUESTIONS[id]}</span>
                      <OutcomeBadge outcome={check?.outcome ?? 'waiting'} />
                    </div>
                    <p class="check-detail">
                      {check ? check.detail : current === id ? 'Measuring now…' : 'Waits for the checks before it.'}
                    </p>
                    <code class="fine-print check-id">{id}</code>
                  </li>
                );
              })}
            </ol>
          </section>
          <section class="panel" aria-labelledby="report-heading">
            <h2 id="report-heading">Report</h2>
            <p role="status" id="probe-status">
              {view.running.value
                ? 'The probe is running.'
                : report
                  ? `Finished: ${report.checks.length} checks in ${((Date.parse(report.finishedAt) - Date.parse(report.startedAt)) / 1000).toFixed(1)} s.`
                  : 'Not run yet.'}
            </p>
            {validity && (
              <p class={validity.valid ? 'validity-ok' : 'validity-bad'} id="probe-validity">
                {validity.valid
                  ? 'The report is valid against the warrant-probe-v1 schema.'
                  : `The report does not match the warrant-probe-v1 schema: ${validity.problems.join('; ')}`}
              </p>
            )}
            <div class="actions">
              <button type="button" class="primary" onClick={onDownload} disabled={!report}>
                Download the report (JSON)
              </button>
              <button type="button" onClick={onRun} disabled={view.running.value}>
                Run the checks again
              </button>
            </div>
            {report && (
              <pre
                class="report-json scroll-region"
                id="probe-report-json"
                tabIndex={0}
                aria-label="The report as JSON"
              >
                {JSON.stringify(report, null, 2)}
              </pre>
            )}
          </section>
        </div>
        <section class="panel" aria-labelledby="frames-heading">
          <h2 id="frames-heading">Documents framed for the checks</h2>
          <p class="caption">A frame appears here only while its check runs.</p>
          <div class="probe-frames" id="probe-frames" />
        </section>
      </main>
    </div>
  );
}

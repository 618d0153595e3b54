import type { Signal } from '@preact/signals';
import type { Site } from '@warrant/config';
import { ModeBadge } from '@warrant/ui';
import type { Connection, DocumentHealth } from '@warrant/webmcp';
import { CHECK_ORDER, CHECK_QUESTIONS } from '../probe/check-order.ts';
import { OutcomeBadge } from '../probe/outcome-badge.tsx';
import type { ProbeReport } from '../probe/probe-report.ts';
import type { ReportValidity } from '../probe/validate-report.ts';
import type { LiveHealth } from './live-health.ts';

export interface SiteEntry {
  readonly site: Site;
  readonly promises: readonly string[];
  readonly live: Signal<LiveHealth | null>;
}

export interface ReportColumn {
  readonly label: string;
  readonly report: ProbeReport | null;
  readonly validity: ReportValidity | null;
  /** Said when the column has no report yet. */
  readonly pending: string;
}

export interface HealthPageProps {
  readonly connection: Connection;
  readonly sites: readonly SiteEntry[];
  readonly columns: Signal<readonly ReportColumn[]>;
}

const ROLE: Record<Site['role'], string> = {
  product: 'product site',
  partner: 'partner site',
  probe: 'measurement origin',
  test: 'test site',
  server: 'server',
};

function modeWords(health: DocumentHealth): string {
  if (health.mode === 'native') return 'native: the browser provides WebMCP.';
  if (health.mode === 'polyfill') return 'polyfill: this browser has no WebMCP, the pinned polyfill provides it.';
  return `unavailable: ${health.reason}`;
}

function keyingWords(health: DocumentHealth): { text: string; good: boolean } {
  if (health.originAgentCluster === true) return { text: 'origin-keyed (originAgentCluster is true)', good: true };
  if (health.originAgentCluster === false)
    return {
      text: 'not origin-keyed (originAgentCluster is false): WebMCP is refused in such a document',
      good: false,
    };
  return { text: 'not exposed by this browser', good: false };
}

function Live({ live }: { readonly live: LiveHealth | null }) {
  if (live === null) return <dd>Measuring…</dd>;
  if (live.kind === 'unmeasured') return <dd>{live.reason}</dd>;
  if (live.kind === 'gateway') {
    const answer = live.answer;
    if (!answer.reachable) return <dd>{answer.reason}</dd>;
    return (
      <dd>
        {answer.modelConfigured
          ? `Up, with the model ${answer.model ?? 'named by its setting'}`
          : 'Up, with no model configured: the in-page agent says so, and the rest of the desk works'}
        ; {answer.left} of {answer.limit} requests left today.
      </dd>
    );
  }
  const keying = keyingWords(live.health);
  return (
    <>
      <dd data-fact="mode">{modeWords(live.health)}</dd>
      <dt>Agent cluster</dt>
      <dd data-fact="keying" class={keying.good ? 'fact-good' : 'fact-bad'}>
        {keying.text}
      </dd>
      <dd class="fine-print">{live.how}</dd>
    </>
  );
}

function SiteCard({ entry }: { readonly entry: SiteEntry }) {
  const { site } = entry;
  return (
    <li class="site panel" data-site={site.name} aria-labelledby={`site-${site.name}`}>
      <h3 id={`site-${site.name}`}>
        {site.title} <span class="badge">{ROLE[site.role]}</span>
      </h3>
      <code class="origin">{site.origin}</code>
      <dl>
        <dt>{site.role === 'server' ? 'Health, measured now' : 'WebMCP, measured now'}</dt>
        <Live live={entry.live.value} />
        <dt>What its headers promise</dt>
        <dd>
          <ul>
            {entry.promises.map((promise) => (
              <li key={promise}>{promise}</li>
            ))}
          </ul>
        </dd>
      </dl>
    </li>
  );
}

function Reports({ columns }: { readonly columns: readonly ReportColumn[] }) {
  const outcomeOf = (column: ReportColumn, id: string) =>
    column.report?.checks.find((check) => check.id === id)?.outcome ?? 'waiting';
  return (
    <>
      <ul class="report-notes">
        {columns.map((column) => (
          <li key={column.label} data-column={column.label}>
            <strong>{column.label}:</strong>{' '}
            {column.report
              ? `${column.report.runtime.mode} lane, ${column.report.runtime.userAgent.match(/(Headless)?Chrome\/[\d.]+/)?.[0] ?? 'browser'}, measured ${column.report.finishedAt.slice(0, 10)}${column.report.runtime.observationSeam === 'cdp' ? ', with an agent observation supplied over the DevTools protocol' : ''}. ${column.validity?.valid ? 'Valid against warrant-probe-v1.' : `Not valid against warrant-probe-v1: ${column.validity && !column.validity.valid ? column.validity.problems.join('; ') : ''}`}`
              : column.pending}
          </li>
        ))}
      </ul>
      <ol class="reports">
        {CHECK_ORDER.map((id) => (
          <li key={id} data-check={id}>
            <span>{CHECK_QUESTIONS[id]}</span>
            <dl class="report-outcomes">
              {columns.map((column) => (
                <div key={column.label}>
                  <dt>{column.label}</dt>
                  <dd>
                    <OutcomeBadge outcome={outcomeOf(column, id)} />
                  </dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ol>
    </>
  );
}

export function HealthPage({ connection, sites, columns }: HealthPageProps) {
  return (
    <div class="page">
      <header class="page-header">
        <h1>Health</h1>
        <ModeBadge connection={connection} />
        <nav aria-label="Desk pages">
          <a href="./">Dispatch desk</a>
          <a href="./probe.html">Probe</a>
        </nav>
      </header>
      <main class="page-main">
        <p class="lede">
          Every origin the desk works with. For each: whether WebMCP runs there and how, and whether its agent cluster
          is origin-keyed (WebMCP requires it), where the desk can measure that from here; and what its response headers
          promise. Below, the probe's reports committed from the browser tests, beside the one measured in your browser
          now.
        </p>
        <section aria-labelledby="origins-heading">
          <h2 id="origins-heading">Origins</h2>
          <ul class="sites">
            {sites.map((entry) => (
              <SiteCard key={entry.site.name} entry={entry} />
            ))}
          </ul>
        </section>
        <section class="panel" aria-labelledby="reports-heading">
          <h2 id="reports-heading">Probe reports</h2>
          <Reports columns={columns.value} />
        </section>
        <section class="panel" aria-labelledby="health-frames-heading">
          <h2 id="health-frames-heading">Documents framed for these measurements</h2>
          <p class="caption">A frame appears here only while the desk is asking it.</p>
          <div class="probe-frames" id="health-frames" />
        </section>
      </main>
    </div>
  );
}

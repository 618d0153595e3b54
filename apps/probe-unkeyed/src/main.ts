import './probe.css';
import { SITES } from '@warrant/config';
import {
  answerFrameReports,
  connect,
  documentHealth,
  tryPlatformMethods,
  type FrameReport,
  type MethodOutcome,
} from '@warrant/webmcp';

// The measurement: this document's keying, what connect() decides here, and what each WebMCP
// method does when called raw. Measured once at load; shown on screen, and given to the desk's
// probe page (the one parent it answers) when that page frames this document and asks.

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  text?: string,
  children: Node[] = [],
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  node.append(...children);
  return node;
}

function said(outcome: MethodOutcome): string {
  if (outcome.outcome === 'absent') return 'not there: this document has no WebMCP to call';
  if (outcome.outcome === 'resolved') return 'answered: the browser let this document use it';
  return `refused with ${outcome.error ?? 'an error'}: ${outcome.message ?? ''}`.trim();
}

function show(report: FrameReport): void {
  const { health } = report;
  const facts = element('dl', undefined, [
    element('dt', 'window.originAgentCluster'),
    element(
      'dd',
      health.originAgentCluster === null ? 'not exposed by this browser' : String(health.originAgentCluster),
    ),
    element('dt', 'What Warrant\u2019s connect() decides here'),
    element('dd', `${health.mode}: ${health.reason}`),
    element('dt', 'Framed'),
    element('dd', health.framed ? 'yes, inside another page' : 'no, opened on its own'),
  ]);
  const rows = (report.methods ?? []).map((outcome) =>
    element('tr', undefined, [element('th', outcome.method), element('td', said(outcome))]),
  );
  const table = element('table', undefined, [
    element('caption', 'Each method, called once'),
    element('thead', undefined, [element('tr', undefined, [element('th', 'method'), element('th', 'what happened')])]),
    element('tbody', undefined, rows),
  ]);
  table.querySelectorAll('thead th').forEach((cell) => cell.setAttribute('scope', 'col'));
  table.querySelectorAll('tbody th').forEach((cell) => cell.setAttribute('scope', 'row'));
  (document.getElementById('report') as HTMLElement).replaceChildren(facts, table);
}

const connection = await connect();
// Exposed to the desk, so that if the browser lets it register, the desk can see it surface.
const methods = await tryPlatformMethods(document, { exposedTo: [SITES.desk.origin] });
const report: FrameReport = { health: documentHealth(connection), methods };
show(report);
answerFrameReports({ window, parentOrigin: SITES.desk.origin, report: async () => report });
document.body.dataset['ready'] = 'true';

import { Component } from 'preact';
import { useMemo, useState } from 'preact/hooks';
import { serialiseLedger, verifyLedger, type LedgerRow } from '@warrant/ledger';
import type { DeskView } from '../desk-view.ts';
import { detailWords } from './detail-words.ts';
import { checkExportAgainstHead, type HeadVerdict } from './export-against-head.ts';
import { LedgerHead } from './ledger-head.tsx';
import { ACTOR_WORDS, CHANNEL_WORDS, clockTime, EVENT_WORDS, POLICY_WORDS, siteWord, STATUS_WORDS } from './wording.ts';

type FilterKey = 'request' | 'lease' | 'event' | 'actor';

const FILTERS: readonly { key: FilterKey; label: string }[] = [
  { key: 'request', label: 'Request' },
  { key: 'lease', label: 'Lease' },
  { key: 'event', label: 'Event' },
  { key: 'actor', label: 'Who' },
];

const PAGE = 150;

type Check = { readonly kind: 'ok'; readonly text: string } | { readonly kind: 'broken'; readonly text: string } | null;

function optionLabel(key: FilterKey, value: string): string {
  if (key === 'event') return EVENT_WORDS[value as LedgerRow['event']] ?? value;
  if (key === 'actor') return ACTOR_WORDS[value as LedgerRow['actor']] ?? value;
  return value;
}

/** The ledger checked, in a sentence (it starts with a capital): the page's own rows, or an exported file's. */
async function check(text: string | Uint8Array | readonly LedgerRow[], file: string | null): Promise<Check> {
  const verified = verifyLedger(text);
  const inFile = file === null ? '' : ` in ${file}`;
  if (verified.ok)
    return {
      kind: 'ok',
      text: `${verified.rows} ${verified.rows === 1 ? 'row' : 'rows'} verified${inFile}: every row chains to the one before it.`,
    };
  const where = `the chain breaks at row ${verified.row}${verified.seq === null || verified.seq === verified.row ? '' : ` (seq ${verified.seq})`}`;
  return {
    kind: 'broken',
    text: `${file === null ? `T${where.slice(1)}` : `In ${file}, ${where}`}. ${verified.message}`,
  };
}

function LedgerCells({ row }: { row: LedgerRow }) {
  const ids = (['request', 'lease', 'plan', 'approval'] as const).filter((key) => row[key] !== '');
  return (
    <tr data-seq={row.seq} data-event={row.event} data-status={row.status} class={`status-${row.status}`}>
      <td class="seq">{row.seq}</td>
      <td class="at">
        <time dateTime={row.at}>{clockTime(row.at)}</time>
      </td>
      <td class="who">
        {ACTOR_WORDS[row.actor]} <span class="muted">{CHANNEL_WORDS[row.channel]}</span>
      </td>
      <td class="event">
        {EVENT_WORDS[row.event]}
        {row.verb ? <span class="verb"> · {row.verb}</span> : null}
        <small class="fine-print code">{row.event}</small>
      </td>
      <td class="route">{row.from || row.to ? `${siteWord(row.from)} → ${siteWord(row.to)}` : ''}</td>
      <td class="ids">
        {ids.map((key) => (
          <code key={key} class={`id id-${key}`} title={key}>
            {row[key]}
          </code>
        ))}
      </td>
      <td class={`policy policy-${row.policy}`}>{POLICY_WORDS[row.policy]}</td>
      <td class={`status status-${row.status}`}>{STATUS_WORDS[row.status]}</td>
      <td class="detail" title={row.detail || undefined}>
        <span data-inert="true">{detailWords(row.detail)}</span>
        {row.digest ? <small class="fine-print code"> digest {row.digest.slice(0, 12)}…</small> : null}
      </td>
    </tr>
  );
}

/**
 * One row of the table, drawn once: a stored row never changes, and the page keeps each row's
 * object as it grows, so a row landing draws itself and leaves the rows already shown alone
 * (redrawing every shown row for each new one was most of what a call cost the page).
 */
class LedgerLine extends Component<{ row: LedgerRow }> {
  override shouldComponentUpdate(next: { row: LedgerRow }): boolean {
    return next.row !== this.props.row;
  }

  override render() {
    return <LedgerCells row={this.props.row} />;
  }
}

export function LedgerPanel({ view }: { view: DeskView }) {
  const rows = view.rows.value;
  const [filters, setFilters] = useState<Partial<Record<FilterKey, string>>>({});
  const [shown, setShown] = useState(PAGE);
  const [verified, setVerified] = useState<Check>(null);
  const [imported, setImported] = useState<Check>(null);
  const [againstHead, setAgainstHead] = useState<HeadVerdict | null>(null);
  const [importsChecked, setImportsChecked] = useState(0);

  const options = useMemo(() => {
    const found: Record<FilterKey, Set<string>> = {
      request: new Set(),
      lease: new Set(),
      event: new Set(),
      actor: new Set(),
    };
    for (const row of rows) for (const { key } of FILTERS) if (row[key] !== '') found[key].add(row[key]);
    return found;
  }, [rows]);

  const matching = rows.filter((row) => FILTERS.every(({ key }) => !filters[key] || row[key] === filters[key]));
  const newestFirst = matching.slice(-shown).reverse();

  const exportTsv = async (): Promise<void> => {
    const blob = new Blob([serialiseLedger(rows)], { type: 'text/tab-separated-values;charset=utf-8' });
    const link = document.createElement('a');
    link.href = URL.createObjectURL(blob);
    link.download = `desk-ledger-${new Date().toISOString().slice(0, 19).replaceAll(':', '')}.tsv`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  };

  const importFile = async (file: File | undefined): Promise<void> => {
    if (!file) return;
    const bytes = new Uint8Array(await file.arrayBuffer());
    // The chain row by row, then the same file against the desk's signed head: a file cut short or
    // rewritten with its chain recomputed passes the first and not the second.
    const [chain, head] = await Promise.all([check(bytes, file.name), checkExportAgainstHead(bytes, file.name)]);
    setImported(chain);
    setAgainstHead(head);
    setImportsChecked((count) => count + 1);
  };

  return (
    <section class="panel ledger" id="ledger" aria-labelledby="ledger-heading">
      <div class="section-head">
        <h2 id="ledger-heading">
          Ledger · <span id="ledger-count">{rows.length}</span> {rows.length === 1 ? 'row' : 'rows'}
        </h2>
        <div class="actions">
          <button type="button" id="verify-ledger" onClick={() => void check(rows, null).then(setVerified)}>
            Verify
          </button>
          <button type="button" id="export-ledger" onClick={() => void exportTsv()} disabled={rows.length === 0}>
            Export .tsv
          </button>
        </div>
      </div>
      <LedgerHead rows={rows.length} />
      <p class="hint">
        Every hop anyone took: who, how it reached the desk, which partner, under which lease, plan and approval, and
        the policy's verdict. Each row carries the hash of the one before it, so an edited byte is found at its row.
      </p>
      {verified ? (
        <p class={`check ${verified.kind}`} id="verify-result" role="status">
          {verified.text}
        </p>
      ) : null}
      <div class="ledger-tools">
        <fieldset class="filters">
          <legend>Show only</legend>
          {FILTERS.map(({ key, label }) => (
            <label key={key}>
              {label}
              <select
                id={`filter-${key}`}
                value={filters[key] ?? ''}
                onChange={(event) => {
                  setFilters({ ...filters, [key]: (event.currentTarget as HTMLSelectElement).value || undefined });
                  setShown(PAGE);
                }}
              >
                <option value="">all</option>
                {[...options[key]].sort().map((value) => (
                  <option key={value} value={value}>
                    {optionLabel(key, value)}
                  </option>
                ))}
              </select>
            </label>
          ))}
        </fieldset>
        <label
          class="drop"
          onDragOver={(event) => event.preventDefault()}
          onDrop={(event) => {
            event.preventDefault();
            void importFile(event.dataTransfer?.files[0]);
          }}
        >
          Check an exported ledger: drop a .tsv file here or{' '}
          <input
            type="file"
            id="import-ledger"
            accept=".tsv,text/tab-separated-values"
            onChange={(event) => void importFile((event.currentTarget as HTMLInputElement).files?.[0])}
          />
        </label>
        <div class="import-results" id="import-results" data-checked={importsChecked} role="status">
          {imported ? (
            <p class={`check ${imported.kind}`} id="import-result">
              {imported.text}
            </p>
          ) : null}
          {againstHead ? (
            <p
              class={`check ${againstHead.kind}`}
              id="import-head-result"
              data-ok={String(againstHead.kind === 'ok')}
              data-row={againstHead.row ?? ''}
              data-reason={againstHead.reason ?? ''}
              data-size={againstHead.size ?? ''}
            >
              {againstHead.text}
              {againstHead.reason ? <small class="fine-print code"> {againstHead.reason}</small> : null}
            </p>
          ) : null}
        </div>
      </div>
      <div class="ledger-scroll scroll-region" role="region" tabIndex={0} aria-label="Ledger rows, newest first">
        {rows.length === 0 ? (
          <p class="muted">Nothing has happened yet.</p>
        ) : (
          <table class="ledger-table" id="ledger-rows">
            <caption class="visually-hidden">
              Ledger rows, newest first
              {matching.length !== rows.length ? `, ${matching.length} of ${rows.length} shown by the filters` : ''}
            </caption>
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">Time</th>
                <th scope="col">Who</th>
                <th scope="col">What</th>
                <th scope="col">From → to</th>
                <th scope="col">Ids</th>
                <th scope="col">Policy</th>
                <th scope="col">Outcome</th>
                <th scope="col">Detail</th>
              </tr>
            </thead>
            <tbody>
              {newestFirst.map((row) => (
                <LedgerLine key={row.seq} row={row} />
              ))}
            </tbody>
          </table>
        )}
        {matching.length > shown ? (
          <button type="button" class="link" id="ledger-more" onClick={() => setShown(shown + PAGE)}>
            Show {Math.min(PAGE, matching.length - shown)} older rows
          </button>
        ) : null}
      </div>
    </section>
  );
}

import { useEffect, useRef } from 'preact/hooks';
import { pathTo } from '@warrant/site-api';
import { BENCH_API } from '../api/bench-api.ts';
import type * as Minutes from '../domain/minutes.ts';
import type { MeetingEvent, MeetingState } from '../domain/state.ts';
import { MinuteWords } from './minute-words.tsx';

interface Props {
  readonly events: readonly MeetingEvent[];
  readonly state: MeetingState;
  /** The minutes' wording, once it has loaded after first paint. */
  readonly words: typeof Minutes | null;
}

const ENTRY = /^\s*(\d+) {2}\d\d:\d\d · /;
const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

/**
 * The minute book: the record is the product's largest surface. It exports as text (this page's
 * draft), and as Markdown and PDF made by the server from the record as stored, with its signed head. It takes
 * the height of the screen and scrolls itself, so the newest entry is in view and marked as new.
 */
export function MinuteBook({ events, state, words }: Props) {
  const minutes = words ? words.draftMinutes(events, state) : '';
  const newest = events.at(-1)?.seq ?? 0;
  const newestLine = useRef<HTMLSpanElement | null>(null);
  const book = useRef<HTMLPreElement | null>(null);
  // Scrolls the book, never the page: a person reading elsewhere is not pulled down to it.
  useEffect(() => {
    const line = newestLine.current;
    const region = book.current;
    if (!line || !region) return;
    // The book is positioned, so a line's offsetTop is measured from the top of the book.
    const bottom = line.offsetTop + line.offsetHeight;
    if (bottom > region.scrollTop + region.clientHeight) region.scrollTop = bottom - region.clientHeight + 8;
  }, [newest, minutes]);
  const download = (): void => {
    const url = URL.createObjectURL(new Blob([minutes], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'minutes.txt';
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  return (
    <section class="panel minute-book" aria-labelledby="minutes-heading">
      <h2 id="minutes-heading">
        Minute book · <span id="entry-count">{events.length}</span> {events.length === 1 ? 'entry' : 'entries'}{' '}
        <button type="button" class="link" id="export-minutes" onClick={download} disabled={!words}>
          Export the minutes
        </button>
      </h2>
      <p class="caption">
        Members' words and names are set in «guillemets» and marked: they are data on the record, never instructions.
      </p>
      <p class="caption minutes-files">
        The minutes from the bench's record, with its signed head for checking later:{' '}
        <a id="minutes-markdown" href={pathTo(BENCH_API.minutesMarkdown)} download>
          Markdown
        </a>{' '}
        ·{' '}
        <a id="minutes-pdf" href={pathTo(BENCH_API.minutesPdf)} download>
          PDF
        </a>{' '}
        · the record itself, to check them with <code>warrant-ledger verify</code>:{' '}
        <a id="record-export" href={pathTo(BENCH_API.recordExport)} download>
          record.jsonl
        </a>
      </p>
      <pre
        id="minutes"
        ref={book}
        class="scroll-region"
        role="region"
        tabIndex={0}
        aria-label={`Minute book, ${plural(events.length, 'entry', 'entries')}`}
        aria-busy={words ? 'false' : 'true'}
      >
        {words
          ? minutes.split('\n').map((line, index) => {
              const seq = Number(ENTRY.exec(line)?.[1] ?? 0);
              const isNewest = seq > 0 && seq === newest;
              return (
                <span
                  key={index}
                  class={isNewest ? 'minute-line newest' : 'minute-line'}
                  data-seq={seq || undefined}
                  ref={isNewest ? newestLine : undefined}
                >
                  <MinuteWords text={line} />
                  {isNewest ? <span class="visually-hidden"> (newest entry)</span> : null}
                  {'\n'}
                </span>
              );
            })
          : 'Opening the minute book…'}
      </pre>
    </section>
  );
}

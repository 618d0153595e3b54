import { useEffect, useState } from 'preact/hooks';
import { MinuteWords } from './minute-words.tsx';
import type { draftMinutes } from '../domain/minutes.ts';
import type { MeetingEvent, MeetingState } from '../domain/state.ts';

type Draft = typeof draftMinutes;

/**
 * The minute book: the record is the product's largest surface, and it exports as text. Its
 * wording code arrives just after first paint; the entry count shows at once.
 */
export function MinuteBook({ events, state }: { events: readonly MeetingEvent[]; state: MeetingState }) {
  const [draft, setDraft] = useState<Draft | null>(null);
  useEffect(() => {
    void import('../domain/minutes.ts').then((module) => setDraft(() => module.draftMinutes));
  }, []);
  const minutes = draft ? draft(events, state) : '';
  const entries = events.length;
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
        Minute book · <span id="entry-count">{entries}</span> entries{' '}
        <button type="button" class="link" id="export-minutes" onClick={download} disabled={!draft}>
          Export minutes
        </button>
      </h2>
      <pre id="minutes" aria-busy={draft ? 'false' : 'true'}>
        {draft ? <MinuteWords text={minutes} /> : 'Opening the minute book…'}
      </pre>
    </section>
  );
}

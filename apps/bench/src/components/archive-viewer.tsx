import { useEffect, useState } from 'preact/hooks';
import { draftMinutes } from '../domain/minutes.ts';
import { replay } from '../domain/reduce.ts';
import type { MeetingEvent } from '../domain/state.ts';
import type { ArchivedMeeting, Meeting } from '../meeting.ts';
import { MinuteWords } from './minute-words.tsx';

// The archive, read back: every record a checkpoint replaced, and every entry set aside because it
// no longer read, kept in this browser and shown as minutes. Loaded when a person asks for it.

const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;
const KIND: Readonly<Record<ArchivedMeeting['kind'], string>> = {
  archived: 'Replaced',
  set_aside: 'Set aside, unreadable',
};

export function ArchiveViewer({ meeting, onClose }: { meeting: Meeting; onClose(): void }) {
  const [archives, setArchives] = useState<readonly ArchivedMeeting[] | string | null>(null);
  const [shown, setShown] = useState<{ readonly id: number; readonly events: readonly MeetingEvent[] } | string | null>(
    null,
  );
  useEffect(() => {
    void meeting.archives().then((listed) => setArchives('ok' in listed ? listed.message : listed));
  }, [meeting]);
  const show = (id: number): void => {
    void meeting.readArchive(id).then((read) => setShown('ok' in read ? read.message : { id, events: read }));
  };
  return (
    <section class="panel archive" id="archive" aria-labelledby="archive-heading">
      <h2 id="archive-heading">
        Archived records{' '}
        <button type="button" class="link" id="close-archives" onClick={onClose}>
          Close
        </button>
      </h2>
      {archives === null ? <p class="muted">Reading the archive…</p> : null}
      {typeof archives === 'string' ? <p class="bad">{archives}</p> : null}
      {archives !== null && typeof archives !== 'string' ? (
        <ul class="archive-list">
          {[...archives].reverse().map((archive) => (
            <li key={archive.id}>
              <button
                type="button"
                class="link"
                id={`archive-${archive.id}`}
                aria-pressed={typeof shown === 'object' && shown?.id === archive.id}
                onClick={() => show(archive.id)}
              >
                {KIND[archive.kind]} {new Date(archive.at).toLocaleString('en-GB')}:{' '}
                {plural(archive.count, 'entry', 'entries')}
              </button>{' '}
              <span class="muted small">({archive.reason})</span>
            </li>
          ))}
        </ul>
      ) : null}
      {typeof shown === 'string' ? <p class="bad">{shown}</p> : null}
      {shown !== null && typeof shown === 'object' ? (
        <pre
          class="scroll-region"
          id="archived-minutes"
          role="region"
          tabIndex={0}
          aria-label="Minutes of the archived record"
        >
          {draftMinutes(shown.events, replay(shown.events))
            .split('\n')
            .map((line, index) => (
              <span key={index}>
                <MinuteWords text={line} />
                {'\n'}
              </span>
            ))}
        </pre>
      ) : null}
    </section>
  );
}
